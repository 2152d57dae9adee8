// The cutting game (POJ 2311) by the same search as gamelab's generic heap game:
// every rectangle (w, h) with 2 <= w, h <= N, the Grundy value the mex of the
// XORs of the two pieces of every cut (a cut and its mirror once, as
// gamelab.games.strips.cutting_moves lists them). Prints, per repeat, the loop's seconds,
// the options read, and a checksum of the table.
//   baseline_cutting N REPEATS
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
    if (argc != 3) { std::fprintf(stderr, "usage: baseline_cutting N REPEATS\n"); return 2; }
    const int n = std::atoi(argv[1]), repeats = std::atoi(argv[2]);
    for (int r = 0; r < repeats; ++r) {
        auto start = std::chrono::steady_clock::now();
        std::vector<int> g((n + 1) * (n + 1), 0);
        std::vector<int> seen(4 * n + 8, -1);
        long long options = 0;
        int stamp = 0;
        for (int w = 2; w <= n; ++w) {
            for (int h = 2; h <= n; ++h) {
                ++stamp;
                for (int i = 2; 2 * i <= w; ++i, ++options)
                    seen[g[i * (n + 1) + h] ^ g[(w - i) * (n + 1) + h]] = stamp;
                for (int j = 2; 2 * j <= h; ++j, ++options)
                    seen[g[w * (n + 1) + j] ^ g[w * (n + 1) + h - j]] = stamp;
                int v = 0;
                while (seen[v] == stamp) ++v;
                g[w * (n + 1) + h] = v;
            }
        }
        double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        long long sum = 0;
        for (int w = 2; w <= n; ++w)
            for (int h = 2; h <= n; ++h) sum += (long long)g[w * (n + 1) + h] * (w + 3 * h);
        std::printf("%.6f %lld %lld\n", seconds, options, sum);
    }
    return 0;
}
