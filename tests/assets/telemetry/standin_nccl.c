/* Stand-in for libnccl.so.2 on machines without a GPU: the NCCL symbols UprobeSource
 * probes, with nccl.h's signatures and ABI, moving no data. Built by
 * tests/appliance/telemetry/standin.py. */
#include <stddef.h>
#include <time.h>

typedef int ncclResult_t;   /* enum */
typedef int ncclDataType_t; /* enum: ncclInt8 = 0 ... ncclFloat8e5m2 = 11 */
typedef int ncclRedOp_t;    /* enum */
typedef struct ncclComm *ncclComm_t;
typedef struct CUstream_st *cudaStream_t;

#define ncclSuccess 0

static unsigned int delay_us;

/* Not an NCCL symbol: makes every call take this long, so tests can check latencies. */
void standin_nccl_set_delay_us(unsigned int us) { delay_us = us; }

static ncclResult_t finish(void) {
    if (delay_us) {
        struct timespec pause = {delay_us / 1000000, (long)(delay_us % 1000000) * 1000L};
        nanosleep(&pause, NULL);
    }
    return ncclSuccess;
}

ncclResult_t ncclAllReduce(const void *sendbuff, void *recvbuff, size_t count,
                           ncclDataType_t datatype, ncclRedOp_t op, ncclComm_t comm,
                           cudaStream_t stream) {
    (void)sendbuff; (void)recvbuff; (void)count; (void)datatype; (void)op; (void)comm;
    (void)stream;
    return finish();
}

ncclResult_t ncclAllGather(const void *sendbuff, void *recvbuff, size_t sendcount,
                           ncclDataType_t datatype, ncclComm_t comm, cudaStream_t stream) {
    (void)sendbuff; (void)recvbuff; (void)sendcount; (void)datatype; (void)comm; (void)stream;
    return finish();
}

ncclResult_t ncclReduceScatter(const void *sendbuff, void *recvbuff, size_t recvcount,
                               ncclDataType_t datatype, ncclRedOp_t op, ncclComm_t comm,
                               cudaStream_t stream) {
    (void)sendbuff; (void)recvbuff; (void)recvcount; (void)datatype; (void)op; (void)comm;
    (void)stream;
    return finish();
}

ncclResult_t ncclSend(const void *sendbuff, size_t count, ncclDataType_t datatype, int peer,
                      ncclComm_t comm, cudaStream_t stream) {
    (void)sendbuff; (void)count; (void)datatype; (void)peer; (void)comm; (void)stream;
    return finish();
}

ncclResult_t ncclRecv(void *recvbuff, size_t count, ncclDataType_t datatype, int peer,
                      ncclComm_t comm, cudaStream_t stream) {
    (void)recvbuff; (void)count; (void)datatype; (void)peer; (void)comm; (void)stream;
    return finish();
}
