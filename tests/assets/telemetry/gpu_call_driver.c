/* Drives the stand-in libcuda / libnccl with known calls, one command per stdin line, so
 * tests can compare what the uprobes count with what was called. Loads the libraries with
 * dlopen, like the CUDA runtime and NCCL bindings do, and only when told to: probes attached
 * to a library file before a process maps it must count too.
 *
 *   gpu_call_driver LIBCUDA LIBNCCL
 *   load                               -> "loaded"
 *   delay MICROSECONDS                 -> "ok"      (every stand-in call sleeps this long)
 *   call SYMBOL TIMES SIZE DATATYPE    -> "ok ERRORS"   (calls that returned non-zero)
 *   time SYMBOL TIMES SIZE DATATYPE    -> "ns NANOSECONDS_PER_CALL"
 *
 * SIZE is the byte count of copies and allocations, the element count of NCCL calls.
 * Prints "ready PID" first; exits at end of input. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef int (*launch_fn)(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                         unsigned, void *, void **, void **);
typedef int (*graph_fn)(void *, void *);
typedef int (*htod_fn)(unsigned long long, const void *, size_t, void *);
typedef int (*dtoh_fn)(void *, unsigned long long, size_t, void *);
typedef int (*dtod_fn)(unsigned long long, unsigned long long, size_t, void *);
typedef int (*alloc_fn)(unsigned long long *, size_t);
typedef int (*reduce_fn)(const void *, void *, size_t, int, int, void *, void *);
typedef int (*gather_fn)(const void *, void *, size_t, int, void *, void *);
typedef int (*p2p_fn)(const void *, size_t, int, int, void *, void *);
typedef void (*delay_fn)(unsigned);

enum shape { LAUNCH, GRAPH, HTOD, DTOH, DTOD, ALLOC, REDUCE, GATHER, P2P };

static const struct { const char *name; enum shape shape; int nccl; } symbols[] = {
    {"cuLaunchKernel", LAUNCH, 0},        {"cuLaunchKernel_ptsz", LAUNCH, 0},
    {"cuGraphLaunch", GRAPH, 0},          {"cuGraphLaunch_ptsz", GRAPH, 0},
    {"cuMemcpyHtoDAsync_v2", HTOD, 0},    {"cuMemcpyHtoDAsync_v2_ptsz", HTOD, 0},
    {"cuMemcpyDtoHAsync_v2", DTOH, 0},    {"cuMemcpyDtoHAsync_v2_ptsz", DTOH, 0},
    {"cuMemcpyDtoDAsync_v2", DTOD, 0},    {"cuMemcpyDtoDAsync_v2_ptsz", DTOD, 0},
    {"cuMemAlloc_v2", ALLOC, 0},          {"ncclAllReduce", REDUCE, 1},
    {"ncclReduceScatter", REDUCE, 1},     {"ncclAllGather", GATHER, 1},
    {"ncclSend", P2P, 1},                 {"ncclRecv", P2P, 1},
};

static void *libraries[2];

static int call_once(enum shape shape, void *fn, size_t size, int datatype) {
    char host[16];
    unsigned long long device = 0;
    switch (shape) {
    case LAUNCH: return ((launch_fn)fn)(NULL, 1, 1, 1, 128, 1, 1, 0, NULL, NULL, NULL);
    case GRAPH: return ((graph_fn)fn)(NULL, NULL);
    case HTOD: return ((htod_fn)fn)(0x1000, host, size, NULL);
    case DTOH: return ((dtoh_fn)fn)(host, 0x1000, size, NULL);
    case DTOD: return ((dtod_fn)fn)(0x1000, 0x2000, size, NULL);
    case ALLOC: return ((alloc_fn)fn)(&device, size);
    case REDUCE: return ((reduce_fn)fn)(host, host, size, datatype, 0, NULL, NULL);
    case GATHER: return ((gather_fn)fn)(host, host, size, datatype, NULL, NULL);
    case P2P: return ((p2p_fn)fn)(host, size, datatype, 1, NULL, NULL);
    }
    return -1;
}

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static void run(const char *verb, const char *name, long times, size_t size, int datatype) {
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        if (strcmp(symbols[i].name, name) != 0)
            continue;
        void *fn = libraries[symbols[i].nccl] ? dlsym(libraries[symbols[i].nccl], name) : NULL;
        if (!fn) {
            printf("error %s not loaded\n", name);
            return;
        }
        long errors = 0;
        double start = now_ns();
        for (long n = 0; n < times; n++)
            errors += call_once(symbols[i].shape, fn, size, datatype) != 0;
        double elapsed = now_ns() - start;
        if (strcmp(verb, "time") == 0)
            printf("ns %.1f\n", times > 0 ? elapsed / times : 0.0);
        else
            printf("ok %ld\n", errors);
        return;
    }
    printf("error unknown symbol %s\n", name);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s LIBCUDA LIBNCCL\n", argv[0]);
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("ready %d\n", (int)getpid());
    char line[512], verb[16], name[64];
    while (fgets(line, sizeof line, stdin)) {
        long times = 0;
        unsigned long long size = 0;
        int datatype = 0;
        if (sscanf(line, "%15s", verb) != 1)
            continue;
        if (strcmp(verb, "load") == 0) {
            for (int i = 0; i < 2; i++)
                if (!libraries[i] && !(libraries[i] = dlopen(argv[1 + i], RTLD_NOW))) {
                    printf("error %s\n", dlerror());
                    break;
                }
            if (libraries[0] && libraries[1])
                printf("loaded\n");
        } else if (strcmp(verb, "delay") == 0 && sscanf(line, "%*s %llu", &size) == 1) {
            ((delay_fn)dlsym(libraries[0], "standin_cuda_set_delay_us"))((unsigned)size);
            ((delay_fn)dlsym(libraries[1], "standin_nccl_set_delay_us"))((unsigned)size);
            printf("ok\n");
        } else if (sscanf(line, "%*s %63s %ld %llu %d", name, &times, &size, &datatype) == 4) {
            run(verb, name, times, (size_t)size, datatype);
        } else {
            printf("error bad command: %s", line);
        }
    }
    return 0;
}
