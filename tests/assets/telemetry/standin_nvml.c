/* Stand-in for libnvidia-ml.so.1 on machines without a GPU: the NVML entry points that
 * NvmlSource calls through pynvml, with nvml.h's signatures and struct layouts, reporting
 * two fixed GPUs. GPU 0 has NVLink (its throughput counters grow by fixed amounts per read)
 * and GPM; GPU 1 has neither. Built by tests/appliance/telemetry/standin.py. */
#include <stdlib.h>
#include <string.h>

typedef unsigned int nvmlReturn_t;
#define NVML_SUCCESS 0
#define NVML_ERROR_INVALID_ARGUMENT 2
#define NVML_ERROR_NOT_SUPPORTED 3
#define NVML_VALUE_TYPE_UNSIGNED_LONG_LONG 3
#define NVML_FI_DEV_NVLINK_THROUGHPUT_DATA_TX 138
#define NVML_FI_DEV_NVLINK_THROUGHPUT_DATA_RX 139
#define NVML_GPM_METRIC_MAX 477

typedef struct { unsigned int gpu, memory; } nvmlUtilization_t;
typedef struct { unsigned long long total, free, used; } nvmlMemory_t;
typedef union {
    double dVal; unsigned int uiVal; unsigned long ulVal; unsigned long long ullVal;
    long long sllVal; int siVal; unsigned short usVal;
} nvmlValue_t;
typedef struct {
    unsigned int fieldId, scopeId;
    long long timestamp, latencyUsec;
    unsigned int valueType;
    nvmlReturn_t nvmlReturn;
    nvmlValue_t value;
} nvmlFieldValue_t;
typedef struct { unsigned int version, isSupportedDevice; } nvmlGpmSupport_t;
typedef struct { const char *shortName, *longName, *unit; } nvmlGpmMetricInfo_t;
typedef struct {
    unsigned int metricId;
    nvmlReturn_t nvmlReturn;
    double value;
    nvmlGpmMetricInfo_t metricInfo;
} nvmlGpmMetric_t;
typedef struct nvmlGpmSample_st { int taken; } *nvmlGpmSample_t;
typedef struct {
    unsigned int version, numMetrics;
    nvmlGpmSample_t sample1, sample2;
    nvmlGpmMetric_t metrics[NVML_GPM_METRIC_MAX];
} nvmlGpmMetricsGet_t;

struct device {
    const char *name, *uuid;
    unsigned int utilization;
    unsigned long long total, used;
    int nvlink, gpm;
    unsigned long long tx_kib, rx_kib, timestamp_us;
};

static struct device devices[2] = {
    {"NVIDIA H200 (stand-in)", "GPU-00000000-stand-in-0", 87, 141ULL << 30, 100ULL << 30,
     1, 1, 0, 0, 1000000},
    {"NVIDIA A100 (stand-in)", "GPU-00000000-stand-in-1", 5, 80ULL << 30, 1ULL << 30,
     0, 0, 0, 0, 1000000},
};

static struct device *device_of(void *handle) {
    struct device *device = handle;
    return device == &devices[0] || device == &devices[1] ? device : NULL;
}

nvmlReturn_t nvmlInitWithFlags(unsigned int flags) { (void)flags; return NVML_SUCCESS; }
nvmlReturn_t nvmlInit_v2(void) { return NVML_SUCCESS; }
nvmlReturn_t nvmlShutdown(void) { return NVML_SUCCESS; }
const char *nvmlErrorString(nvmlReturn_t result) { (void)result; return "stand-in error"; }

nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *count) { *count = 2; return NVML_SUCCESS; }

nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, void **handle) {
    if (index >= 2)
        return NVML_ERROR_INVALID_ARGUMENT;
    *handle = &devices[index];
    return NVML_SUCCESS;
}

static nvmlReturn_t copy_text(const char *text, char *buffer, unsigned int length) {
    if (strlen(text) + 1 > length)
        return NVML_ERROR_INVALID_ARGUMENT;
    strcpy(buffer, text);
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetName(void *handle, char *name, unsigned int length) {
    struct device *device = device_of(handle);
    return device ? copy_text(device->name, name, length) : NVML_ERROR_INVALID_ARGUMENT;
}

nvmlReturn_t nvmlDeviceGetUUID(void *handle, char *uuid, unsigned int length) {
    struct device *device = device_of(handle);
    return device ? copy_text(device->uuid, uuid, length) : NVML_ERROR_INVALID_ARGUMENT;
}

nvmlReturn_t nvmlDeviceGetUtilizationRates(void *handle, nvmlUtilization_t *utilization) {
    struct device *device = device_of(handle);
    if (!device)
        return NVML_ERROR_INVALID_ARGUMENT;
    utilization->gpu = device->utilization;
    utilization->memory = 50;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetMemoryInfo(void *handle, nvmlMemory_t *memory) {
    struct device *device = device_of(handle);
    if (!device)
        return NVML_ERROR_INVALID_ARGUMENT;
    memory->total = device->total;
    memory->used = device->used;
    memory->free = device->total - device->used;
    return NVML_SUCCESS;
}

/* Every read advances GPU 0's counters by 0.1 s at 100 MiB/s out and 50 MiB/s in. */
nvmlReturn_t nvmlDeviceGetFieldValues(void *handle, int count, nvmlFieldValue_t *values) {
    struct device *device = device_of(handle);
    if (!device)
        return NVML_ERROR_INVALID_ARGUMENT;
    if (device->nvlink) {
        device->tx_kib += 10240;
        device->rx_kib += 5120;
        device->timestamp_us += 100000;
    }
    for (int i = 0; i < count; i++) {
        nvmlFieldValue_t *field = &values[i];
        int throughput = field->fieldId == NVML_FI_DEV_NVLINK_THROUGHPUT_DATA_TX ||
                         field->fieldId == NVML_FI_DEV_NVLINK_THROUGHPUT_DATA_RX;
        if (!device->nvlink || !throughput || field->scopeId != 0xFFFFFFFFu) {
            field->nvmlReturn = NVML_ERROR_NOT_SUPPORTED;
            continue;
        }
        field->nvmlReturn = NVML_SUCCESS;
        field->timestamp = (long long)device->timestamp_us;
        field->valueType = NVML_VALUE_TYPE_UNSIGNED_LONG_LONG;
        field->value.ullVal =
            field->fieldId == NVML_FI_DEV_NVLINK_THROUGHPUT_DATA_TX ? device->tx_kib : device->rx_kib;
    }
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlGpmQueryDeviceSupport(void *handle, nvmlGpmSupport_t *support) {
    struct device *device = device_of(handle);
    if (!device || support->version != 1)
        return NVML_ERROR_INVALID_ARGUMENT;
    support->isSupportedDevice = (unsigned int)device->gpm;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlGpmSampleAlloc(nvmlGpmSample_t *sample) {
    *sample = calloc(1, sizeof **sample);
    return *sample ? NVML_SUCCESS : NVML_ERROR_INVALID_ARGUMENT;
}

nvmlReturn_t nvmlGpmSampleFree(nvmlGpmSample_t sample) { free(sample); return NVML_SUCCESS; }

nvmlReturn_t nvmlGpmSampleGet(void *handle, nvmlGpmSample_t sample) {
    struct device *device = device_of(handle);
    if (!device || !device->gpm || !sample)
        return NVML_ERROR_NOT_SUPPORTED;
    sample->taken = 1;
    return NVML_SUCCESS;
}

/* Fixed metrics: SM util 61.5, occupancy 40, tensor 22.5, DRAM bandwidth 33 (%),
 * NVLink 200 MiB/s out and 100 MiB/s in; anything else is not supported. */
nvmlReturn_t nvmlGpmMetricsGet(nvmlGpmMetricsGet_t *request) {
    if (request->version != 1 || !request->sample1 || !request->sample2 ||
        !request->sample1->taken || !request->sample2->taken ||
        request->sample1 == request->sample2 || request->numMetrics > NVML_GPM_METRIC_MAX)
        return NVML_ERROR_INVALID_ARGUMENT;
    for (unsigned int i = 0; i < request->numMetrics; i++) {
        nvmlGpmMetric_t *metric = &request->metrics[i];
        metric->nvmlReturn = NVML_SUCCESS;
        switch (metric->metricId) {
        case 2: metric->value = 61.5; break;   /* NVML_GPM_METRIC_SM_UTIL */
        case 3: metric->value = 40.0; break;   /* NVML_GPM_METRIC_SM_OCCUPANCY */
        case 5: metric->value = 22.5; break;   /* NVML_GPM_METRIC_ANY_TENSOR_UTIL */
        case 10: metric->value = 33.0; break;  /* NVML_GPM_METRIC_DRAM_BW_UTIL */
        case 60: metric->value = 100.0; break; /* NVML_GPM_METRIC_NVLINK_TOTAL_RX_PER_SEC */
        case 61: metric->value = 200.0; break; /* NVML_GPM_METRIC_NVLINK_TOTAL_TX_PER_SEC */
        default: metric->nvmlReturn = NVML_ERROR_NOT_SUPPORTED;
        }
    }
    return NVML_SUCCESS;
}
