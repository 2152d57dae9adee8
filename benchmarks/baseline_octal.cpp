// Baseline for benchmarks/bench_octal.py: the sparse-space computation of the
// Grundy values of a take-and-break game, the same algorithm as
// gamelab/games/octal_kernel.py, in plain C++.
//
// usage: baseline_octal GAME N REPEATS
//   GAME is an octal code such as 0.376 or 4.7, or "grundy" (Grundy's game:
//   split a heap into two unequal heaps).
// prints one line per repeat, "seconds cpu_seconds checksum rare", where the
// times (wall clock and process CPU) cover the whole computation of heaps
// 0..N-1 (no process start, no output), checksum =
// sum of g[n] * (n % 1000 + 1) so the caller can check the values against
// gamelab's, and rare is the number of rare heaps at the end.
//
// The algorithm: heaps below 1024 scan every pair; then, and at every
// doubling, a sparse space (mask, alpha, beta) is chosen from the recent
// values, exactly as gamelab chooses it.  A heap a is common when the parity
// of the 1-bits of g[a] & mask is (alpha * a + beta) % 2; two common heaps of
// total m make values of parity alpha * m % 2 only, so the mex is settled by
// the pairs with a rare heap in them plus a short scan of the small pairs,
// which stops as soon as the candidate mex has the other parity.  The pairs
// (a, m - a) are tried 32 at a time in gamelab's scan order (small heaps, the
// first heap of each value first), and all of them when that does not settle
// the mex.
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

struct Rules {
    std::vector<long> take_all, take_one, split_k;
    std::vector<char> split_un;
};

static Rules parse(const std::string &game) {
    Rules r;
    if (game == "grundy") {
        r.split_k.push_back(0);
        r.split_un.push_back(1);
        return r;
    }
    std::size_t dot = game.find('.');
    if (dot == std::string::npos) {
        std::fprintf(stderr, "bad code %s\n", game.c_str());
        std::exit(2);
    }
    std::vector<int> digits;
    digits.push_back(dot == 0 ? 0 : game[0] - '0');
    for (std::size_t i = dot + 1; i < game.size(); ++i) digits.push_back(game[i] - '0');
    for (std::size_t k = 0; k < digits.size(); ++k) {
        int d = digits[k];
        if ((d & 1) && k > 0) r.take_all.push_back((long)k);
        if ((d & 2) && k > 0) r.take_one.push_back((long)k);
        if (d & 4) {
            r.split_k.push_back((long)k);
            r.split_un.push_back(0);
        }
    }
    return r;
}

static inline int parity(unsigned v) { return __builtin_popcount(v) & 1; }

struct Space {
    bool sparse = false;
    int mask = 0, alpha = 0, beta = 0;
};

static std::vector<long> rare_of(const std::vector<uint32_t> &g, long L, const Space &s) {
    std::vector<long> out;
    for (long a = 1; a < L; ++a)
        if (parity(g[a] & s.mask) != ((s.alpha * a + s.beta) & 1)) out.push_back(a);
    return out;
}

// the same choice as gamelab's choose_space
static void choose(const Rules &r, const std::vector<uint32_t> &g, long L, Space &space,
                   std::vector<long> &rare) {
    if (r.split_k.empty() || L < 2) return;
    long lo = std::max(1L, L - std::min(L / 2, 16384L));
    uint32_t top = 0;
    for (long a = lo; a < L; ++a) top = std::max(top, g[a]);
    int b = 1;
    while (b < 10 && (1u << b) <= top) ++b;
    if (top == 0) b = 1;
    int size = 1 << b;
    bool same = true;
    for (long k : r.split_k) same = same && ((k & 1) == (r.split_k[0] & 1));
    long best_count = -1;
    Space best;
    best.sparse = true;
    for (int alpha = 0; alpha <= (same ? 1 : 0); ++alpha) {
        int beta = 1 ^ ((alpha * r.split_k[0]) & 1);
        std::vector<long> count(size, 0);
        for (long a = lo; a < L; ++a) {
            unsigned v = g[a] & (size - 1);
            int expect = (alpha * a + beta) & 1;
            for (int mask = 0; mask < size; ++mask) count[mask] += parity(v & mask) != expect;
        }
        count[0] = (L - lo) + 1;
        int mask = (int)(std::min_element(count.begin(), count.end()) - count.begin());
        if (best_count < 0 || count[mask] < best_count) {
            best_count = count[mask];
            best.mask = mask;
            best.alpha = alpha;
            best.beta = beta;
        }
    }
    std::vector<long> rare_best = rare_of(g, L, best);
    Space choice = best;
    if (space.sparse) {
        std::vector<long> rare_cur = rare_of(g, L, space);
        if (rare_cur.size() < rare_best.size()) {
            choice = space;
            rare_best.swap(rare_cur);
        }
    }
    if ((long)rare_best.size() * 8 > L) {
        space = Space();
        rare.clear();
        return;
    }
    space = choice;
    rare.swap(rare_best);
}

// gamelab's scan_order: heaps 1..min(L, 65536)-1 by (rank among heaps of the same value, heap)
static std::vector<long> scan_order(const std::vector<uint32_t> &g, long L) {
    long top = std::min(L, 65536L);
    std::vector<long> out;
    if (top <= 1) return out;
    std::vector<long> seen(1 << 17, 0);
    std::vector<std::pair<long, long>> keyed;
    for (long a = 1; a < top; ++a) keyed.push_back({seen[g[a]]++, a});
    std::sort(keyed.begin(), keyed.end());
    for (auto &k : keyed) out.push_back(k.second);
    return out;
}

static std::vector<uint32_t> compute(const Rules &r, long N, long &nrare_out) {
    std::vector<uint32_t> g(std::max(N, 1L), 0);
    std::vector<int64_t> stamp(1 << 17, 0);
    std::vector<long> rare, order;
    Space space;
    std::vector<unsigned char> par(1 << 17, 0);
    long next_look = 1024;
    const std::size_t ns = r.split_k.size();
    for (long n = 1; n < N; ++n) {
        if (n >= next_look) {
            next_look = 2 * n;
            if (n <= 65536 || (long)order.size() < 65535) order = scan_order(g, n);
            choose(r, g, n, space, rare);
            for (std::size_t v = 0; v < par.size(); ++v) par[v] = parity((unsigned)v & space.mask);
        }
        const int64_t tag = n + 1;
        for (long k : r.take_all)
            if (k == n) stamp[0] = tag;
        for (long k : r.take_one)
            if (k < n) stamp[g[n - k]] = tag;
        uint32_t v = 0;
        if (space.sparse) {
            bool scan = false;
            for (std::size_t s = 0; s < ns; ++s) {
                long m = n - r.split_k[s];
                bool un = r.split_un[s];
                long h = un ? (m - 1) / 2 : m / 2;
                if (h < 1) continue;
                scan = true;
                for (long x : rare) {
                    if (x >= m) break;
                    if (un && 2 * x == m) continue;
                    stamp[g[x] ^ g[m - x]] = tag;
                }
            }
            while (stamp[v] == tag) ++v;
            if (scan) {
                int common = (space.alpha * (n - r.split_k[0])) & 1;
                const long no = (long)order.size();
                long i = 0;
                while (par[v] == common && i < no) {
                    long e = std::min(no, i + 32);
                    for (std::size_t s = 0; s < ns; ++s) {
                        long m = n - r.split_k[s];
                        long h = r.split_un[s] ? (m - 1) / 2 : m / 2;
                        for (long q = i; q < e; ++q) {
                            long a = order[q];
                            if (a <= h) stamp[g[a] ^ g[m - a]] = tag;
                        }
                    }
                    i = e;
                    while (stamp[v] == tag) ++v;
                }
                if (par[v] == common) {
                    for (std::size_t s = 0; s < ns; ++s) {
                        long m = n - r.split_k[s];
                        long h = r.split_un[s] ? (m - 1) / 2 : m / 2;
                        for (long a = 1; a <= h; ++a) stamp[g[a] ^ g[m - a]] = tag;
                    }
                    while (stamp[v] == tag) ++v;
                }
            }
        } else {
            for (std::size_t s = 0; s < ns; ++s) {
                long m = n - r.split_k[s];
                long h = r.split_un[s] ? (m - 1) / 2 : m / 2;
                for (long b = 1; b <= h; ++b) stamp[g[b] ^ g[m - b]] = tag;
            }
            while (stamp[v] == tag) ++v;
        }
        if (v + 2 >= stamp.size()) {
            std::fprintf(stderr, "value %u too large for this baseline\n", v);
            std::exit(3);
        }
        g[n] = v;
        if (space.sparse && parity(v & space.mask) != ((space.alpha * n + space.beta) & 1))
            rare.push_back(n);
    }
    nrare_out = (long)rare.size();
    g.resize(N);
    return g;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: %s GAME N REPEATS\n", argv[0]);
        return 2;
    }
    const Rules rules = parse(argv[1]);
    const long n_max = std::atol(argv[2]);
    const int repeats = std::atoi(argv[3]);
    for (int i = 0; i < repeats; ++i) {
        auto start = std::chrono::steady_clock::now();
        std::clock_t cpu_start = std::clock();
        long nrare = 0;
        std::vector<uint32_t> g = compute(rules, n_max, nrare);
        auto stop = std::chrono::steady_clock::now();
        double cpu = double(std::clock() - cpu_start) / CLOCKS_PER_SEC;
        long long checksum = 0;
        for (long n = 0; n < n_max; ++n) checksum += (long long)g[n] * (n % 1000 + 1);
        std::printf("%.6f %.6f %lld %ld\n", std::chrono::duration<double>(stop - start).count(), cpu,
                    checksum, nrare);
    }
    return 0;
}
