/* Guest side of the appliance plugin ABI, version 1 (see plugins/ABI.md).
 *
 * Link plugin_sdk.c with your plugin. The SDK owns the exports `abi_version`, `abi_modes`,
 * `alloc` and `process`; a plugin implements the ap_plugin_* callbacks below and, to stream,
 * expands AP_STREAMING_EXPORTS once in one source file.
 */
#ifndef APPLIANCE_PLUGIN_H
#define APPLIANCE_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#define AP_ABI_VERSION 1
#define AP_MODE_WHOLE 1
#define AP_MODE_STREAMING 2

#define AP_EXPORT(name) __attribute__((export_name(#name)))

/* A growable byte buffer; `oom` is set once an allocation failed and stays set. */
typedef struct {
    char *data;
    size_t len;
    size_t cap;
    int oom;
} ap_buf;

void ap_buf_put(ap_buf *buf, const char *bytes, size_t len);
void ap_buf_putc(ap_buf *buf, char c);
void ap_buf_puts(ap_buf *buf, const char *s);
void ap_buf_free(ap_buf *buf);

typedef enum { AP_PASS = 0, AP_MODIFY = 1, AP_BLOCK = 2 } ap_action;

typedef struct {
    const char *kind; /* static string */
    size_t start;
    size_t end;
} ap_finding;

/* What one call returns. For AP_MODIFY, and for every streaming call, `text` is the output. */
typedef struct {
    ap_action action;
    ap_buf text;
    int has_text;
    ap_finding *findings;
    size_t finding_count;
    size_t finding_cap;
    const char *reason; /* optional static string, for block */
} ap_result;

void ap_result_set_text(ap_result *result, const char *text, size_t len);
void ap_result_add_finding(ap_result *result, const char *kind, size_t start, size_t end);

/* A parsed JSON value (strings are decoded UTF-8, NUL-terminated, with explicit length). */
typedef enum {
    AP_JSON_NULL,
    AP_JSON_BOOL,
    AP_JSON_NUMBER,
    AP_JSON_STRING,
    AP_JSON_ARRAY,
    AP_JSON_OBJECT
} ap_json_type;

typedef struct ap_json {
    ap_json_type type;
    int boolean;
    double number;
    int is_integer;
    char *str;
    size_t str_len;
    struct ap_json *items; /* array items or object values */
    char **keys;           /* object keys */
    size_t *key_lens;
    size_t count;
} ap_json;

/* Parse one JSON value at the start of `text` (leading whitespace allowed). Returns NULL when
 * it is not valid JSON; `*consumed` gets the bytes used, trailing whitespace included. */
ap_json *ap_json_parse(const char *text, size_t len, size_t *consumed);
void ap_json_free(ap_json *value);
const ap_json *ap_json_get(const ap_json *object, const char *key);
int ap_json_equal(const ap_json *a, const ap_json *b);

/* The request metadata: {"tenant", "model", "request_id", "config": {...}}. */
typedef struct {
    const ap_json *root;
    const ap_json *config; /* NULL when absent */
} ap_meta;

/* A config value as a string (policy config values are strings); NULL when absent. */
const char *ap_config_string(const ap_meta *meta, const char *key, size_t *len);

/* UTF-8: decode one code point at text[*i], advancing *i; invalid bytes decode as U+FFFD. */
uint32_t ap_utf8_next(const char *text, size_t len, size_t *i);

/* ---- implemented by the plugin ---- */

/* Bit set of AP_MODE_*; `abi_modes` returns it. */
extern const int ap_plugin_modes;

/* Whole-response mode. Return 0 on success, nonzero for a plugin error. */
int ap_plugin_process(const char *text, size_t len, const ap_meta *meta, ap_result *out);

/* Streaming mode (only with AP_MODE_STREAMING): begin once, then chunks, then finish. */
int ap_plugin_stream_begin(const ap_meta *meta);
int ap_plugin_stream_chunk(const char *text, size_t len, ap_result *out);
int ap_plugin_stream_finish(ap_result *out);

/* ---- SDK internals the streaming exports use ---- */
int64_t ap__stream_begin(int32_t meta_ptr, int32_t meta_len);
int64_t ap__stream_chunk(int32_t ptr, int32_t len);
int64_t ap__stream_finish(void);

#define AP_STREAMING_EXPORTS                                                              \
    AP_EXPORT(stream_begin) int32_t stream_begin(int32_t meta_ptr, int32_t meta_len) {      \
        return (int32_t)ap__stream_begin(meta_ptr, meta_len);                               \
    }                                                                                       \
    AP_EXPORT(process_chunk) int64_t process_chunk(int32_t ptr, int32_t len) {              \
        return ap__stream_chunk(ptr, len);                                                  \
    }                                                                                       \
    AP_EXPORT(finish) int64_t finish(void) { return ap__stream_finish(); }

#endif
