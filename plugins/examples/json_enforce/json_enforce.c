/* json_enforce: the response must be JSON matching a schema from config.
 *
 * Config: "schema" (a JSON Schema subset as a JSON string: type, required, properties, enum,
 * maxLength, items) and "mode" ("block", the default, or "repair": take the first embedded
 * JSON object that matches, e.g. from "Sure! Here it is: {...}"). Whole-response mode only:
 * a prefix of JSON cannot be judged, so the host buffers streams for this plugin.
 */
#include "appliance_plugin.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const int ap_plugin_modes = AP_MODE_WHOLE;

static size_t utf8_length(const char *s, size_t len) {
    size_t n = 0;
    for (size_t i = 0; i < len; i++) n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

static int type_matches(const char *type, const ap_json *v) {
    if (!strcmp(type, "object")) return v->type == AP_JSON_OBJECT;
    if (!strcmp(type, "array")) return v->type == AP_JSON_ARRAY;
    if (!strcmp(type, "string")) return v->type == AP_JSON_STRING;
    if (!strcmp(type, "number")) return v->type == AP_JSON_NUMBER;
    if (!strcmp(type, "integer"))
        return v->type == AP_JSON_NUMBER && v->number == floor(v->number);
    if (!strcmp(type, "boolean")) return v->type == AP_JSON_BOOL;
    if (!strcmp(type, "null")) return v->type == AP_JSON_NULL;
    return 0;
}

/* 1 when `v` satisfies `schema`; keywords outside the subset are ignored. */
static int validate(const ap_json *schema, const ap_json *v) {
    if (!schema || schema->type != AP_JSON_OBJECT) return 1;
    const ap_json *type = ap_json_get(schema, "type");
    if (type && type->type == AP_JSON_STRING && !type_matches(type->str, v)) return 0;
    if (type && type->type == AP_JSON_ARRAY) {
        int any = 0;
        for (size_t k = 0; k < type->count; k++)
            if (type->items[k].type == AP_JSON_STRING && type_matches(type->items[k].str, v))
                any = 1;
        if (!any) return 0;
    }
    const ap_json *options = ap_json_get(schema, "enum");
    if (options && options->type == AP_JSON_ARRAY) {
        int any = 0;
        for (size_t k = 0; k < options->count; k++)
            if (ap_json_equal(&options->items[k], v)) any = 1;
        if (!any) return 0;
    }
    const ap_json *max_length = ap_json_get(schema, "maxLength");
    if (max_length && max_length->type == AP_JSON_NUMBER && v->type == AP_JSON_STRING &&
        (double)utf8_length(v->str, v->str_len) > max_length->number)
        return 0;
    if (v->type == AP_JSON_OBJECT) {
        const ap_json *required = ap_json_get(schema, "required");
        if (required && required->type == AP_JSON_ARRAY)
            for (size_t k = 0; k < required->count; k++)
                if (required->items[k].type == AP_JSON_STRING &&
                    !ap_json_get(v, required->items[k].str))
                    return 0;
        const ap_json *properties = ap_json_get(schema, "properties");
        if (properties && properties->type == AP_JSON_OBJECT)
            for (size_t k = 0; k < properties->count; k++) {
                const ap_json *field = ap_json_get(v, properties->keys[k]);
                if (field && !validate(&properties->items[k], field)) return 0;
            }
    }
    const ap_json *items = ap_json_get(schema, "items");
    if (items && v->type == AP_JSON_ARRAY)
        for (size_t k = 0; k < v->count; k++)
            if (!validate(items, &v->items[k])) return 0;
    return 1;
}

/* Does text[at:] start with a JSON value that matches? Returns its length or 0. */
static size_t matching_value_at(const char *text, size_t len, size_t at, const ap_json *schema) {
    size_t used = 0;
    ap_json *value = ap_json_parse(text + at, len - at, &used);
    int ok = value && validate(schema, value);
    ap_json_free(value);
    if (!ok) return 0;
    while (used > 0 && strchr(" \t\r\n", text[at + used - 1])) used--;
    return used;
}

int ap_plugin_process(const char *text, size_t len, const ap_meta *meta, ap_result *out) {
    size_t schema_len;
    const char *schema_text = ap_config_string(meta, "schema", &schema_len);
    const char *mode = ap_config_string(meta, "mode", NULL);
    int repair = mode && !strcmp(mode, "repair");
    if (mode && !repair && strcmp(mode, "block")) return 1;
    ap_json *schema = NULL;
    if (schema_text) {
        size_t used;
        schema = ap_json_parse(schema_text, schema_len, &used);
        if (!schema || used != schema_len) { ap_json_free(schema); return 1; }
    }
    size_t used = 0;
    ap_json *whole = ap_json_parse(text, len, &used);
    int whole_ok = whole && used == len && validate(schema, whole);
    const char *why = whole && used == len ? "schema" : "invalid_json";
    ap_json_free(whole);
    if (whole_ok) { ap_json_free(schema); return 0; }
    if (repair) {
        for (size_t at = 0; at < len; at++) {
            if (text[at] != '{') continue;
            size_t n = matching_value_at(text, len, at, schema);
            if (!n) continue;
            out->action = AP_MODIFY;
            ap_result_set_text(out, text + at, n);
            ap_result_add_finding(out, "extracted_json", 0, n);
            ap_json_free(schema);
            return 0;
        }
    }
    out->action = AP_BLOCK;
    out->reason = why[0] == 's' ? "response does not match the schema"
                                : "response is not valid JSON";
    ap_result_add_finding(out, why, 0, len);
    ap_json_free(schema);
    return 0;
}
