/* Stand-in for libcuda.so.1 on machines without a GPU: the driver-API symbols that
 * UprobeSource probes, with cuda.h's signatures and ABI, doing no GPU work. cuda.h maps
 * cuMemAlloc, cuMemcpyHtoDAsync, ... to these `_v2` symbols; `_ptsz` are the per-thread
 * default stream builds. Built by tests/appliance/telemetry/standin.py. */
#include <stddef.h>
#include <time.h>

typedef int CUresult; /* enum cudaError_enum */
typedef unsigned long long CUdeviceptr;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUgraphExec_st *CUgraphExec;

#define CUDA_SUCCESS 0
#define CUDA_ERROR_OUT_OF_MEMORY 2
/* More than any GPU holds: cuMemAlloc_v2 fails for it, so tests see errors counted. */
#define STANDIN_TOO_LARGE (1ULL << 50)

static unsigned int delay_us;

/* Not a CUDA symbol: makes every call take this long, so tests can check latencies. */
void standin_cuda_set_delay_us(unsigned int us) { delay_us = us; }

static CUresult finish(CUresult result) {
    if (delay_us) {
        struct timespec pause = {delay_us / 1000000, (long)(delay_us % 1000000) * 1000L};
        nanosleep(&pause, NULL);
    }
    return result;
}

CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
                        unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
                        unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream,
                        void **kernelParams, void **extra) {
    (void)f; (void)gridDimX; (void)gridDimY; (void)gridDimZ; (void)blockDimX;
    (void)blockDimY; (void)blockDimZ; (void)sharedMemBytes; (void)hStream;
    (void)kernelParams; (void)extra;
    return finish(CUDA_SUCCESS);
}

CUresult cuLaunchKernel_ptsz(CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
                             unsigned int gridDimZ, unsigned int blockDimX,
                             unsigned int blockDimY, unsigned int blockDimZ,
                             unsigned int sharedMemBytes, CUstream hStream,
                             void **kernelParams, void **extra) {
    (void)f; (void)gridDimX; (void)gridDimY; (void)gridDimZ; (void)blockDimX;
    (void)blockDimY; (void)blockDimZ; (void)sharedMemBytes; (void)hStream;
    (void)kernelParams; (void)extra;
    return finish(CUDA_SUCCESS);
}

CUresult cuGraphLaunch(CUgraphExec hGraphExec, CUstream hStream) {
    (void)hGraphExec; (void)hStream;
    return finish(CUDA_SUCCESS);
}

CUresult cuGraphLaunch_ptsz(CUgraphExec hGraphExec, CUstream hStream) {
    (void)hGraphExec; (void)hStream;
    return finish(CUDA_SUCCESS);
}

CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount,
                              CUstream hStream) {
    (void)dstDevice; (void)srcHost; (void)ByteCount; (void)hStream;
    return finish(CUDA_SUCCESS);
}

CUresult cuMemcpyHtoDAsync_v2_ptsz(CUdeviceptr dstDevice, const void *srcHost,
                                   size_t ByteCount, CUstream hStream) {
    (void)dstDevice; (void)srcHost; (void)ByteCount; (void)hStream;
    return finish(CUDA_SUCCESS);
}

CUresult cuMemcpyDtoHAsync_v2(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount,
                              CUstream hStream) {
    (void)dstHost; (void)srcDevice; (void)ByteCount; (void)hStream;
    return finish(CUDA_SUCCESS);
}

CUresult cuMemcpyDtoHAsync_v2_ptsz(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount,
                                   CUstream hStream) {
    (void)dstHost; (void)srcDevice; (void)ByteCount; (void)hStream;
    return finish(CUDA_SUCCESS);
}

CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount,
                              CUstream hStream) {
    (void)dstDevice; (void)srcDevice; (void)ByteCount; (void)hStream;
    return finish(CUDA_SUCCESS);
}

CUresult cuMemcpyDtoDAsync_v2_ptsz(CUdeviceptr dstDevice, CUdeviceptr srcDevice,
                                   size_t ByteCount, CUstream hStream) {
    (void)dstDevice; (void)srcDevice; (void)ByteCount; (void)hStream;
    return finish(CUDA_SUCCESS);
}

CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytesize) {
    if (bytesize >= STANDIN_TOO_LARGE)
        return finish(CUDA_ERROR_OUT_OF_MEMORY);
    *dptr = 0x7f0000000000ULL;
    return finish(CUDA_SUCCESS);
}
