// Baseline for benchmarks/bench_subtraction.py: the classic table loop of a
// subtraction game, g[n] = mex { g[n - s] : s in S, s <= n }, for n < N.
//
// usage: baseline_subtraction N REPEATS s1 s2 ... sk
// prints one line per repeat, "seconds checksum", where seconds times the loop
// alone (no process start, no output) and checksum = sum of g[n] * (n % 1000 + 1)
// so the caller can check the table against gamelab's.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s N REPEATS s1 [s2 ...]\n", argv[0]);
        return 2;
    }
    const long n_max = std::atol(argv[1]);
    const int repeats = std::atoi(argv[2]);
    std::vector<long> moves;
    for (int i = 3; i < argc; ++i) moves.push_back(std::atol(argv[i]));
    std::sort(moves.begin(), moves.end());
    const std::size_t k = moves.size();

    for (int r = 0; r < repeats; ++r) {
        auto start = std::chrono::steady_clock::now();
        std::vector<int> g(n_max);
        std::vector<char> seen(k + 2);
        for (long n = 0; n < n_max; ++n) {
            std::fill(seen.begin(), seen.end(), 0);
            for (std::size_t i = 0; i < k && moves[i] <= n; ++i) {
                int v = g[n - moves[i]];
                if (v <= static_cast<int>(k)) seen[v] = 1;
            }
            int m = 0;
            while (seen[m]) ++m;
            g[n] = m;
        }
        auto stop = std::chrono::steady_clock::now();
        long long checksum = 0;
        for (long n = 0; n < n_max; ++n) checksum += static_cast<long long>(g[n]) * (n % 1000 + 1);
        std::printf("%.6f %lld\n", std::chrono::duration<double>(stop - start).count(), checksum);
    }
    return 0;
}
