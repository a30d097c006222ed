"""The BPF program behind UprobeSource: which symbols are probed, and its C text.

Per process (thread group id) and call type, one hash-map entry holds running totals:
calls and bytes, counted on entry; returns, errors and host latency, counted by the return
probe when latency is measured. User space reads the map and turns totals into rates.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from appliance.telemetry.gpu_calls import GpuCall

# Call types are numbered by their order in GpuCall; the number is the map key's `call`.
CALL_IDS: dict[GpuCall, int] = {call: number for number, call in enumerate(GpuCall)}
CALLS_BY_ID: dict[int, GpuCall] = {number: call for call, number in CALL_IDS.items()}

# x86-64 argument registers through BCC's macros (1-based, like the C signatures below).
_ARG = "PT_REGS_PARM{}(ctx)"


def _arg(position: int) -> str:
    return _ARG.format(position)


def _nccl_bytes(count: int, datatype: int) -> str:
    return f"{_arg(count)} * nccl_type_size({_arg(datatype)})"


@dataclass(frozen=True, slots=True)
class ProbedFunction:
    """One call type: the exported symbols that implement it and how to read its bytes."""

    call: GpuCall
    # Exported names. cuda.h maps the API names to `_v2` symbols; `_ptsz` are the
    # per-thread-default-stream builds (nvcc --default-stream per-thread, cuGetProcAddress
    # with CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM).
    symbols: tuple[str, ...]
    # C expression for the bytes of one call, over the entry registers.
    bytes_expression: str = "0"

    @property
    def entry_handler(self) -> str:
        return f"enter_{self.call.value}"

    @property
    def return_handler(self) -> str:
        return f"return_{self.call.value}"


PROBED_FUNCTIONS: tuple[ProbedFunction, ...] = (
    # cuLaunchKernel(f, gridX, gridY, gridZ, blockX, blockY, blockZ, sharedMem, stream,
    #                params, extra)
    ProbedFunction(GpuCall.LAUNCH_KERNEL, ("cuLaunchKernel", "cuLaunchKernel_ptsz")),
    # cuGraphLaunch(graphExec, stream)
    ProbedFunction(GpuCall.GRAPH_LAUNCH, ("cuGraphLaunch", "cuGraphLaunch_ptsz")),
    # cuMemcpyHtoDAsync_v2(dstDevice, srcHost, ByteCount, stream), and the like
    ProbedFunction(
        GpuCall.MEMCPY_HOST_TO_DEVICE,
        ("cuMemcpyHtoDAsync_v2", "cuMemcpyHtoDAsync_v2_ptsz"),
        _arg(3),
    ),
    ProbedFunction(
        GpuCall.MEMCPY_DEVICE_TO_HOST,
        ("cuMemcpyDtoHAsync_v2", "cuMemcpyDtoHAsync_v2_ptsz"),
        _arg(3),
    ),
    ProbedFunction(
        GpuCall.MEMCPY_DEVICE_TO_DEVICE,
        ("cuMemcpyDtoDAsync_v2", "cuMemcpyDtoDAsync_v2_ptsz"),
        _arg(3),
    ),
    # cuMemAlloc_v2(*dptr, bytesize)
    ProbedFunction(GpuCall.MEM_ALLOC, ("cuMemAlloc_v2",), _arg(2)),
    # ncclAllReduce(sendbuff, recvbuff, count, datatype, op, comm, stream)
    ProbedFunction(GpuCall.ALL_REDUCE, ("ncclAllReduce",), _nccl_bytes(3, 4)),
    # ncclAllGather(sendbuff, recvbuff, sendcount, datatype, comm, stream)
    ProbedFunction(GpuCall.ALL_GATHER, ("ncclAllGather",), _nccl_bytes(3, 4)),
    # ncclReduceScatter(sendbuff, recvbuff, recvcount, datatype, op, comm, stream)
    ProbedFunction(GpuCall.REDUCE_SCATTER, ("ncclReduceScatter",), _nccl_bytes(3, 4)),
    # ncclSend(sendbuff, count, datatype, peer, comm, stream); ncclRecv likewise
    ProbedFunction(GpuCall.SEND, ("ncclSend",), _nccl_bytes(2, 3)),
    ProbedFunction(GpuCall.RECV, ("ncclRecv",), _nccl_bytes(2, 3)),
)

# ncclDataType_t -> bytes: int8, uint8, int32, uint32, int64, uint64, float16, float32,
# float64, bfloat16, float8e4m3, float8e5m2 (nccl.h, 2.19 and newer). Unknown types count
# 0 bytes rather than a guess.
NCCL_TYPE_SIZES = (1, 1, 4, 4, 8, 8, 2, 4, 8, 2, 1, 1)

_PRELUDE = """
#include <uapi/linux/ptrace.h>

struct call_key {
    u32 pid;
    u32 call;
};

struct call_totals {
    u64 calls;
    u64 bytes;
    u64 returns;
    u64 errors;
    u64 latency_ns;
};

struct start_key {
    u64 pid_tgid;
    u32 call;
    u32 pad;
};

BPF_HASH(totals, struct call_key, struct call_totals, MAX_ENTRIES);
"""

_TYPE_SIZE = """
static __always_inline u64 nccl_type_size(u64 datatype) {
    switch ((int)datatype) {
%s
    default: return 0;
    }
}
"""

_COUNT_ENTRY = """
static __always_inline void count_entry(struct pt_regs *ctx, u32 call, u64 bytes) {
    u64 pid_tgid = bpf_get_current_pid_tgid();
    struct call_key key = {};
    key.pid = pid_tgid >> 32;
    key.call = call;
    struct call_totals zero = {};
    struct call_totals *totals_entry = totals.lookup_or_try_init(&key, &zero);
    if (totals_entry) {
        __sync_fetch_and_add(&totals_entry->calls, 1);
        __sync_fetch_and_add(&totals_entry->bytes, bytes);
    }
#ifdef MEASURE_LATENCY
    struct start_key start = {};
    start.pid_tgid = pid_tgid;
    start.call = call;
    u64 now = bpf_ktime_get_ns();
    starts.update(&start, &now);
#endif
}
"""

# A thread that dies inside a call leaves its start behind: an LRU map bounds them.
_COUNT_RETURN = """
BPF_TABLE("lru_hash", struct start_key, u64, starts, MAX_ENTRIES);

static __always_inline void count_return(struct pt_regs *ctx, u32 call) {
    u64 pid_tgid = bpf_get_current_pid_tgid();
    struct start_key start = {};
    start.pid_tgid = pid_tgid;
    start.call = call;
    u64 *started = starts.lookup(&start);
    if (!started)
        return;
    u64 elapsed = bpf_ktime_get_ns() - *started;
    starts.delete(&start);
    struct call_key key = {};
    key.pid = pid_tgid >> 32;
    key.call = call;
    struct call_totals *totals_entry = totals.lookup(&key);
    if (!totals_entry)
        return;
    __sync_fetch_and_add(&totals_entry->returns, 1);
    __sync_fetch_and_add(&totals_entry->latency_ns, elapsed);
    if ((int)PT_REGS_RC(ctx) != 0)
        __sync_fetch_and_add(&totals_entry->errors, 1);
}
"""


def probed_functions(calls: Iterable[GpuCall]) -> tuple[ProbedFunction, ...]:
    """The probe table, narrowed to `calls`."""
    wanted = set(calls)
    return tuple(function for function in PROBED_FUNCTIONS if function.call in wanted)


def program_text(
    functions: Iterable[ProbedFunction], *, measure_latency: bool, max_entries: int = 8192
) -> str:
    """The C source of the BPF program for `functions`."""
    cases = "\n".join(
        f"    case {datatype}: return {size};" for datatype, size in enumerate(NCCL_TYPE_SIZES)
    )
    parts = [f"#define MAX_ENTRIES {max_entries}"]
    if measure_latency:
        parts.append("#define MEASURE_LATENCY 1")
    parts += [_PRELUDE, _TYPE_SIZE % cases]
    if measure_latency:
        parts.append(_COUNT_RETURN)
    parts.append(_COUNT_ENTRY)
    for function in functions:
        call_id = CALL_IDS[function.call]
        parts.append(
            f"int {function.entry_handler}(struct pt_regs *ctx) {{\n"
            f"    count_entry(ctx, {call_id}, (u64)({function.bytes_expression}));\n"
            "    return 0;\n}\n"
        )
        if measure_latency:
            parts.append(
                f"int {function.return_handler}(struct pt_regs *ctx) {{\n"
                f"    count_return(ctx, {call_id});\n"
                "    return 0;\n}\n"
            )
    return "\n".join(parts)
