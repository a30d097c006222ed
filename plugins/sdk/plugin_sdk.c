/* The SDK half of every plugin: ABI exports, result encoding, a small JSON parser. */
#include "appliance_plugin.h"

#include <stdlib.h>
#include <string.h>

/* ---------------- buffers and results ---------------- */

static void buf_reserve(ap_buf *buf, size_t extra) {
    if (buf->oom) return;
    if (buf->len + extra + 1 <= buf->cap) return;
    size_t cap = buf->cap ? buf->cap : 64;
    while (cap < buf->len + extra + 1) cap *= 2;
    char *data = realloc(buf->data, cap);
    if (!data) { buf->oom = 1; return; }
    buf->data = data;
    buf->cap = cap;
}

void ap_buf_put(ap_buf *buf, const char *bytes, size_t len) {
    buf_reserve(buf, len);
    if (buf->oom) return;
    if (len) memcpy(buf->data + buf->len, bytes, len);
    buf->len += len;
    buf->data[buf->len] = 0;
}

void ap_buf_putc(ap_buf *buf, char c) { ap_buf_put(buf, &c, 1); }
void ap_buf_puts(ap_buf *buf, const char *s) { ap_buf_put(buf, s, strlen(s)); }

void ap_buf_free(ap_buf *buf) {
    free(buf->data);
    buf->data = NULL;
    buf->len = buf->cap = 0;
    buf->oom = 0;
}

void ap_result_set_text(ap_result *result, const char *text, size_t len) {
    result->text.len = 0;
    ap_buf_put(&result->text, text, len);
    result->has_text = 1;
}

void ap_result_add_finding(ap_result *result, const char *kind, size_t start, size_t end) {
    if (result->finding_count == result->finding_cap) {
        size_t cap = result->finding_cap ? result->finding_cap * 2 : 8;
        ap_finding *grown = realloc(result->findings, cap * sizeof *grown);
        if (!grown) { result->text.oom = 1; return; }
        result->findings = grown;
        result->finding_cap = cap;
    }
    result->findings[result->finding_count++] = (ap_finding){kind, start, end};
}

static void put_json_string(ap_buf *out, const char *s, size_t len) {
    static const char hex[] = "0123456789abcdef";
    ap_buf_putc(out, '"');
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') { ap_buf_putc(out, '\\'); ap_buf_putc(out, (char)c); }
        else if (c == '\n') ap_buf_puts(out, "\\n");
        else if (c == '\r') ap_buf_puts(out, "\\r");
        else if (c == '\t') ap_buf_puts(out, "\\t");
        else if (c < 0x20) {
            char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            ap_buf_put(out, esc, 6);
        } else ap_buf_putc(out, (char)c);
    }
    ap_buf_putc(out, '"');
}

static void put_size(ap_buf *out, size_t n) {
    char digits[24];
    int i = 0;
    do { digits[i++] = (char)('0' + n % 10); n /= 10; } while (n);
    while (i) ap_buf_putc(out, digits[--i]);
}

static const char *const action_names[] = {"pass", "modify", "block"};

/* The last output and the host's input buffers live until the next call. */
static ap_buf last_output;
static void *host_allocs[8];
static int host_alloc_count;

static void release_host_allocs(void) {
    for (int i = 0; i < host_alloc_count; i++) free(host_allocs[i]);
    host_alloc_count = 0;
}

static int64_t encode_result(ap_result *result) {
    ap_buf_free(&last_output);
    ap_buf *out = &last_output;
    ap_buf_puts(out, "{\"action\":\"");
    ap_buf_puts(out, action_names[result->action]);
    ap_buf_putc(out, '"');
    if (result->has_text) {
        ap_buf_puts(out, ",\"text\":");
        put_json_string(out, result->text.data ? result->text.data : "", result->text.len);
    }
    if (result->reason) {
        ap_buf_puts(out, ",\"reason\":");
        put_json_string(out, result->reason, strlen(result->reason));
    }
    ap_buf_puts(out, ",\"findings\":[");
    for (size_t i = 0; i < result->finding_count; i++) {
        if (i) ap_buf_putc(out, ',');
        ap_buf_puts(out, "{\"kind\":");
        put_json_string(out, result->findings[i].kind, strlen(result->findings[i].kind));
        ap_buf_puts(out, ",\"start\":");
        put_size(out, result->findings[i].start);
        ap_buf_puts(out, ",\"end\":");
        put_size(out, result->findings[i].end);
        ap_buf_putc(out, '}');
    }
    ap_buf_puts(out, "]}");
    int failed = out->oom || result->text.oom;
    ap_buf_free(&result->text);
    free(result->findings);
    if (failed) return 0;
    return ((int64_t)(uintptr_t)out->data << 32) | (int64_t)out->len;
}

/* ---------------- JSON ---------------- */

typedef struct {
    const char *s;
    size_t len;
    size_t i;
    int depth;
} parser;

static void skip_ws(parser *p) {
    while (p->i < p->len && (p->s[p->i] == ' ' || p->s[p->i] == '\n' || p->s[p->i] == '\r' ||
                             p->s[p->i] == '\t'))
        p->i++;
}

static int parse_value(parser *p, ap_json *out);

static void put_utf8(ap_buf *b, uint32_t cp) {
    if (cp < 0x80) ap_buf_putc(b, (char)cp);
    else if (cp < 0x800) {
        ap_buf_putc(b, (char)(0xC0 | (cp >> 6)));
        ap_buf_putc(b, (char)(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        ap_buf_putc(b, (char)(0xE0 | (cp >> 12)));
        ap_buf_putc(b, (char)(0x80 | ((cp >> 6) & 0x3F)));
        ap_buf_putc(b, (char)(0x80 | (cp & 0x3F)));
    } else {
        ap_buf_putc(b, (char)(0xF0 | (cp >> 18)));
        ap_buf_putc(b, (char)(0x80 | ((cp >> 12) & 0x3F)));
        ap_buf_putc(b, (char)(0x80 | ((cp >> 6) & 0x3F)));
        ap_buf_putc(b, (char)(0x80 | (cp & 0x3F)));
    }
}

static int hex4(parser *p, uint32_t *out) {
    if (p->i + 4 > p->len) return 0;
    uint32_t v = 0;
    for (int k = 0; k < 4; k++) {
        char c = p->s[p->i++];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (uint32_t)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (uint32_t)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (uint32_t)(c - 'A' + 10);
        else return 0;
    }
    *out = v;
    return 1;
}

static int parse_string(parser *p, char **str, size_t *str_len) {
    ap_buf b = {0};
    p->i++; /* opening quote */
    while (p->i < p->len) {
        unsigned char c = (unsigned char)p->s[p->i++];
        if (c == '"') {
            ap_buf_put(&b, "", 0);
            if (b.oom) { ap_buf_free(&b); return 0; }
            if (!b.data) { b.data = calloc(1, 1); if (!b.data) return 0; }
            *str = b.data;
            *str_len = b.len;
            return 1;
        }
        if (c < 0x20) break;
        if (c != '\\') { ap_buf_putc(&b, (char)c); continue; }
        if (p->i >= p->len) break;
        char e = p->s[p->i++];
        uint32_t cp;
        switch (e) {
        case '"': ap_buf_putc(&b, '"'); break;
        case '\\': ap_buf_putc(&b, '\\'); break;
        case '/': ap_buf_putc(&b, '/'); break;
        case 'b': ap_buf_putc(&b, '\b'); break;
        case 'f': ap_buf_putc(&b, '\f'); break;
        case 'n': ap_buf_putc(&b, '\n'); break;
        case 'r': ap_buf_putc(&b, '\r'); break;
        case 't': ap_buf_putc(&b, '\t'); break;
        case 'u':
            if (!hex4(p, &cp)) goto fail;
            if (cp >= 0xD800 && cp < 0xDC00 && p->i + 6 <= p->len && p->s[p->i] == '\\' &&
                p->s[p->i + 1] == 'u') {
                uint32_t low;
                p->i += 2;
                if (!hex4(p, &low) || low < 0xDC00 || low > 0xDFFF) goto fail;
                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            }
            put_utf8(&b, cp);
            break;
        default: goto fail;
        }
    }
fail:
    ap_buf_free(&b);
    return 0;
}

static int parse_number(parser *p, ap_json *out) {
    size_t start = p->i;
    int integer = 1;
    if (p->i < p->len && p->s[p->i] == '-') p->i++;
    if (p->i >= p->len || p->s[p->i] < '0' || p->s[p->i] > '9') return 0;
    if (p->s[p->i] == '0') p->i++;
    else while (p->i < p->len && p->s[p->i] >= '0' && p->s[p->i] <= '9') p->i++;
    if (p->i < p->len && p->s[p->i] == '.') {
        integer = 0;
        p->i++;
        if (p->i >= p->len || p->s[p->i] < '0' || p->s[p->i] > '9') return 0;
        while (p->i < p->len && p->s[p->i] >= '0' && p->s[p->i] <= '9') p->i++;
    }
    if (p->i < p->len && (p->s[p->i] == 'e' || p->s[p->i] == 'E')) {
        integer = 0;
        p->i++;
        if (p->i < p->len && (p->s[p->i] == '+' || p->s[p->i] == '-')) p->i++;
        if (p->i >= p->len || p->s[p->i] < '0' || p->s[p->i] > '9') return 0;
        while (p->i < p->len && p->s[p->i] >= '0' && p->s[p->i] <= '9') p->i++;
    }
    char tmp[64];
    size_t n = p->i - start;
    if (n >= sizeof tmp) n = sizeof tmp - 1;
    memcpy(tmp, p->s + start, n);
    tmp[n] = 0;
    out->type = AP_JSON_NUMBER;
    out->number = strtod(tmp, NULL);
    out->is_integer = integer;
    return 1;
}

static int literal(parser *p, const char *word) {
    size_t n = strlen(word);
    if (p->i + n > p->len || memcmp(p->s + p->i, word, n) != 0) return 0;
    p->i += n;
    return 1;
}

static int push_item(ap_json *out, size_t *cap, int with_key) {
    if (out->count < *cap) return 1;
    size_t grown = *cap ? *cap * 2 : 4;
    ap_json *items = realloc(out->items, grown * sizeof *items);
    if (!items) return 0;
    out->items = items;
    if (with_key) {
        char **keys = realloc(out->keys, grown * sizeof *keys);
        if (!keys) return 0;
        out->keys = keys;
        size_t *lens = realloc(out->key_lens, grown * sizeof *lens);
        if (!lens) return 0;
        out->key_lens = lens;
    }
    *cap = grown;
    return 1;
}

static int parse_container(parser *p, ap_json *out, int object) {
    size_t cap = 0;
    out->type = object ? AP_JSON_OBJECT : AP_JSON_ARRAY;
    if (++p->depth > 64) return 0;
    p->i++;
    skip_ws(p);
    if (p->i < p->len && p->s[p->i] == (object ? '}' : ']')) { p->i++; p->depth--; return 1; }
    for (;;) {
        if (!push_item(out, &cap, object)) return 0;
        ap_json *item = &out->items[out->count];
        memset(item, 0, sizeof *item);
        if (object) {
            skip_ws(p);
            if (p->i >= p->len || p->s[p->i] != '"') return 0;
            if (!parse_string(p, &out->keys[out->count], &out->key_lens[out->count])) return 0;
            skip_ws(p);
            if (p->i >= p->len || p->s[p->i] != ':') { free(out->keys[out->count]); return 0; }
            p->i++;
        }
        out->count++;
        if (!parse_value(p, item)) return 0;
        skip_ws(p);
        if (p->i >= p->len) return 0;
        char c = p->s[p->i++];
        if (c == ',') continue;
        if (c == (object ? '}' : ']')) { p->depth--; return 1; }
        return 0;
    }
}

static int parse_value(parser *p, ap_json *out) {
    skip_ws(p);
    if (p->i >= p->len) return 0;
    char c = p->s[p->i];
    if (c == '{') return parse_container(p, out, 1);
    if (c == '[') return parse_container(p, out, 0);
    if (c == '"') { out->type = AP_JSON_STRING; return parse_string(p, &out->str, &out->str_len); }
    if (c == 't') { out->type = AP_JSON_BOOL; out->boolean = 1; return literal(p, "true"); }
    if (c == 'f') { out->type = AP_JSON_BOOL; return literal(p, "false"); }
    if (c == 'n') { out->type = AP_JSON_NULL; return literal(p, "null"); }
    return parse_number(p, out);
}

static void free_contents(ap_json *v) {
    for (size_t k = 0; k < v->count; k++) {
        free_contents(&v->items[k]);
        if (v->type == AP_JSON_OBJECT) free(v->keys[k]);
    }
    free(v->items);
    free(v->keys);
    free(v->key_lens);
    free(v->str);
}

ap_json *ap_json_parse(const char *text, size_t len, size_t *consumed) {
    parser p = {text, len, 0, 0};
    ap_json *root = calloc(1, sizeof *root);
    if (!root) return NULL;
    if (!parse_value(&p, root)) { ap_json_free(root); return NULL; }
    skip_ws(&p);
    if (consumed) *consumed = p.i;
    return root;
}

void ap_json_free(ap_json *value) {
    if (!value) return;
    free_contents(value);
    free(value);
}

const ap_json *ap_json_get(const ap_json *object, const char *key) {
    if (!object || object->type != AP_JSON_OBJECT) return NULL;
    size_t n = strlen(key);
    for (size_t k = 0; k < object->count; k++)
        if (object->key_lens[k] == n && memcmp(object->keys[k], key, n) == 0)
            return &object->items[k];
    return NULL;
}

int ap_json_equal(const ap_json *a, const ap_json *b) {
    if (a->type != b->type) return 0;
    switch (a->type) {
    case AP_JSON_NULL: return 1;
    case AP_JSON_BOOL: return a->boolean == b->boolean;
    case AP_JSON_NUMBER: return a->number == b->number;
    case AP_JSON_STRING: return a->str_len == b->str_len && !memcmp(a->str, b->str, a->str_len);
    case AP_JSON_ARRAY:
        if (a->count != b->count) return 0;
        for (size_t k = 0; k < a->count; k++)
            if (!ap_json_equal(&a->items[k], &b->items[k])) return 0;
        return 1;
    case AP_JSON_OBJECT:
        if (a->count != b->count) return 0;
        for (size_t k = 0; k < a->count; k++) {
            const ap_json *other = ap_json_get(b, a->keys[k]);
            if (!other || !ap_json_equal(&a->items[k], other)) return 0;
        }
        return 1;
    }
    return 0;
}

const char *ap_config_string(const ap_meta *meta, const char *key, size_t *len) {
    const ap_json *v = ap_json_get(meta->config, key);
    if (!v || v->type != AP_JSON_STRING) return NULL;
    if (len) *len = v->str_len;
    return v->str;
}

uint32_t ap_utf8_next(const char *text, size_t len, size_t *i) {
    const unsigned char *s = (const unsigned char *)text;
    unsigned char c = s[*i];
    int extra = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2
              : (c & 0xF8) == 0xF0 ? 3 : -1;
    if (extra < 0 || *i + (size_t)extra >= len) { (*i)++; return 0xFFFD; }
    uint32_t cp = extra == 0 ? c : extra == 1 ? (c & 0x1F) : extra == 2 ? (c & 0x0F) : (c & 0x07);
    for (int k = 1; k <= extra; k++) {
        if ((s[*i + k] & 0xC0) != 0x80) { (*i)++; return 0xFFFD; }
        cp = (cp << 6) | (s[*i + k] & 0x3F);
    }
    *i += (size_t)extra + 1;
    return cp;
}

/* ---------------- ABI exports ---------------- */

/* Whole-only plugins need not define the streaming callbacks. */
__attribute__((weak)) int ap_plugin_stream_begin(const ap_meta *meta) { (void)meta; return 1; }
__attribute__((weak)) int ap_plugin_stream_chunk(const char *t, size_t n, ap_result *out) {
    (void)t; (void)n; (void)out;
    return 1;
}
__attribute__((weak)) int ap_plugin_stream_finish(ap_result *out) { (void)out; return 1; }

AP_EXPORT(abi_version) int32_t abi_version(void) { return AP_ABI_VERSION; }
AP_EXPORT(abi_modes) int32_t abi_modes(void) { return ap_plugin_modes; }

AP_EXPORT(alloc) int32_t alloc(int32_t len) {
    if (len < 0 || host_alloc_count == (int)(sizeof host_allocs / sizeof host_allocs[0])) return 0;
    void *p = malloc(len ? (size_t)len : 1);
    if (p) host_allocs[host_alloc_count++] = p;
    return (int32_t)(uintptr_t)p;
}

static ap_json *stream_meta_root;
static ap_meta stream_meta;

static int load_meta(int32_t meta_ptr, int32_t meta_len, ap_json **root, ap_meta *meta) {
    *root = ap_json_parse((const char *)(uintptr_t)meta_ptr, (size_t)meta_len, NULL);
    if (!*root || (*root)->type != AP_JSON_OBJECT) return 0;
    meta->root = *root;
    meta->config = ap_json_get(*root, "config");
    return 1;
}

AP_EXPORT(process) int64_t process(int32_t in_ptr, int32_t in_len, int32_t meta_ptr,
                                   int32_t meta_len) {
    ap_json *root;
    ap_meta meta;
    ap_result result = {0};
    int64_t packed = 0;
    ap_buf_free(&last_output);
    if (load_meta(meta_ptr, meta_len, &root, &meta) &&
        ap_plugin_process((const char *)(uintptr_t)in_ptr, (size_t)in_len, &meta, &result) == 0)
        packed = encode_result(&result);
    ap_json_free(root);
    release_host_allocs();
    return packed;
}

int64_t ap__stream_begin(int32_t meta_ptr, int32_t meta_len) {
    int ok = load_meta(meta_ptr, meta_len, &stream_meta_root, &stream_meta) &&
             ap_plugin_stream_begin(&stream_meta) == 0;
    release_host_allocs();
    return ok ? 0 : 1;
}

int64_t ap__stream_chunk(int32_t ptr, int32_t len) {
    ap_result result = {0};
    int64_t packed = 0;
    ap_buf_free(&last_output);
    if (ap_plugin_stream_chunk((const char *)(uintptr_t)ptr, (size_t)len, &result) == 0)
        packed = encode_result(&result);
    release_host_allocs();
    return packed;
}

int64_t ap__stream_finish(void) {
    ap_result result = {0};
    ap_buf_free(&last_output);
    if (ap_plugin_stream_finish(&result) != 0) return 0;
    return encode_result(&result);
}
