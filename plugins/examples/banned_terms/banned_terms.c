/* banned_terms: block or mask whole-word occurrences of configured terms.
 *
 * Config: "terms" (comma- or newline-separated), "action" ("block", the default, or "mask").
 * Matching folds ASCII case, fullwidth ASCII (U+FF01-FF5E), Latin-1 and Latin Extended-A
 * letters with diacritics to their base letter, and drops combining marks (U+0300-036F), so
 * "ＢＡＤ", "Bäd" and "ba\u0308d" all match "bad".
 */
#include "appliance_plugin.h"

#include <stdlib.h>
#include <string.h>

const int ap_plugin_modes = AP_MODE_WHOLE | AP_MODE_STREAMING;

#define MAX_TERMS 256

static const char latin1_fold[] = /* U+00C0 - U+00FF */
    "aaaaaaaceeeeiiiidnooooo*ouuuuyts"
    "aaaaaaaceeeeiiiidnooooo/ouuuuyty";
static const char latin_ext_a_fold[] = /* U+0100 - U+017F */
    "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiiiijjkkklllllllll"
    "lnnnnnnnnnoooooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";

/* One folded character per code point: a lower-case ASCII letter or digit, another ASCII
 * byte, 0 for "drop" (combining marks), or 1 for any other non-ASCII character. */
static char fold(uint32_t cp) {
    if (cp >= 0xFF01 && cp <= 0xFF5E) cp -= 0xFEE0;
    if (cp < 0x80) return (cp >= 'A' && cp <= 'Z') ? (char)(cp + 32) : (char)cp;
    if (cp >= 0x300 && cp <= 0x36F) return 0;
    if (cp >= 0xC0 && cp <= 0xFF) return latin1_fold[cp - 0xC0];
    if (cp >= 0x100 && cp <= 0x17F) return latin_ext_a_fold[cp - 0x100];
    return 1;
}

static int is_word(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

typedef struct {
    ap_buf norm;
    size_t *start; /* original byte offset of each folded char */
    size_t *end;
    size_t cap;
} folded;

static int fold_text(const char *s, size_t len, folded *f) {
    f->norm.len = 0;
    if (f->cap < len + 1) {
        free(f->start);
        free(f->end);
        f->cap = len + 1;
        f->start = malloc(f->cap * sizeof *f->start);
        f->end = malloc(f->cap * sizeof *f->end);
        if (!f->start || !f->end) return 0;
    }
    size_t i = 0;
    while (i < len) {
        size_t at = i;
        char c = fold(ap_utf8_next(s, len, &i));
        if (c == 0) {
            if (f->norm.len) f->end[f->norm.len - 1] = i; /* the mark belongs to its base */
            continue;
        }
        f->start[f->norm.len] = at;
        f->end[f->norm.len] = i;
        ap_buf_putc(&f->norm, c);
    }
    return !f->norm.oom;
}

static char *terms[MAX_TERMS];
static size_t term_lens[MAX_TERMS];
static size_t term_count, longest_term;
static int mask_mode;

static int configure(const ap_meta *meta) {
    size_t len;
    const char *list = ap_config_string(meta, "terms", &len);
    const char *action = ap_config_string(meta, "action", NULL);
    mask_mode = action && strcmp(action, "mask") == 0;
    if (action && !mask_mode && strcmp(action, "block") != 0) return 1;
    term_count = longest_term = 0;
    folded f = {0};
    size_t i = 0;
    while (list && i <= len && term_count < MAX_TERMS) {
        size_t j = i;
        while (j < len && list[j] != ',' && list[j] != '\n') j++;
        size_t a = i, b = j;
        while (a < b && list[a] == ' ') a++;
        while (b > a && list[b - 1] == ' ') b--;
        if (b > a) {
            if (!fold_text(list + a, b - a, &f)) return 1;
            terms[term_count] = malloc(f.norm.len + 1);
            if (!terms[term_count]) return 1;
            memcpy(terms[term_count], f.norm.data, f.norm.len);
            term_lens[term_count] = f.norm.len;
            if (f.norm.len > longest_term) longest_term = f.norm.len;
            term_count++;
        }
        i = j + 1;
    }
    ap_buf_free(&f.norm);
    free(f.start);
    free(f.end);
    return 0;
}

/* Earliest whole-word match at or after folded position `from`; returns its length or 0. */
static size_t next_match(const folded *f, size_t from, int prev_word, size_t *at) {
    const char *n = f->norm.data;
    for (size_t p = from; p < f->norm.len; p++) {
        if (p ? is_word(n[p - 1]) : prev_word) continue;
        for (size_t t = 0; t < term_count; t++) {
            size_t tl = term_lens[t];
            if (p + tl > f->norm.len || memcmp(n + p, terms[t], tl) != 0) continue;
            if (p + tl < f->norm.len && is_word(n[p + tl])) continue;
            *at = p;
            return tl;
        }
    }
    return 0;
}

static folded scratch;

/* Mask or detect in s[0:*limit]; with `final` unset, a match reaching past *limit pulls it
 * back to the match's start. Returns 1 when a term was found (block mode stops there). */
static int scan(const char *s, size_t len, size_t *limit, int prev_word, ap_result *out) {
    if (!fold_text(s, len, &scratch)) return -1;
    size_t copied = 0, p = 0, at, tl;
    int found = 0;
    while ((tl = next_match(&scratch, p, prev_word, &at))) {
        size_t os = scratch.start[at], oe = scratch.end[at + tl - 1];
        if (os >= *limit) break;
        if (oe > *limit) { *limit = os; break; }
        found = 1;
        if (!mask_mode) {
            ap_result_add_finding(out, "banned_term", os, oe);
            return 1;
        }
        ap_buf_put(&out->text, s + copied, os - copied);
        size_t start = out->text.len;
        for (size_t k = 0; k < tl; k++) ap_buf_putc(&out->text, '*');
        ap_result_add_finding(out, "banned_term", start, out->text.len);
        copied = oe;
        p = at + tl;
    }
    ap_buf_put(&out->text, s + copied, *limit - copied);
    out->has_text = 1;
    return found;
}

int ap_plugin_process(const char *text, size_t len, const ap_meta *meta, ap_result *out) {
    if (configure(meta)) return 1;
    size_t limit = len;
    int found = scan(text, len, &limit, 0, out);
    if (found < 0) return 1;
    if (found && !mask_mode) {
        ap_buf_free(&out->text);
        out->has_text = 0;
        out->action = AP_BLOCK;
        out->reason = "banned term";
    } else if (found) {
        out->action = AP_MODIFY;
    } else {
        ap_buf_free(&out->text);
        out->has_text = 0;
    }
    return 0;
}

static ap_buf held;
static int held_prev_word;

int ap_plugin_stream_begin(const ap_meta *meta) { return configure(meta); }

static int stream_step(const char *text, size_t len, int final, ap_result *out) {
    ap_buf_put(&held, text, len);
    if (held.oom) return 1;
    /* A term of k folded chars spans at most 4 bytes each plus combining marks. */
    size_t window = 8 * longest_term + 8;
    size_t cut = final || held.len <= window ? (final ? held.len : 0) : held.len - window;
    while (cut < held.len && cut > 0 && (held.data[cut] & 0xC0) == 0x80) cut--;
    int found = scan(held.data ? held.data : "", held.len, &cut, held_prev_word, out);
    if (found < 0) return 1;
    if (found && !mask_mode) {
        ap_buf_free(&out->text);
        out->has_text = 1; /* emit nothing more */
        out->action = AP_BLOCK;
        out->reason = "banned term";
        out->finding_count = 0;
        return 0;
    }
    out->action = found ? AP_MODIFY : AP_PASS;
    if (cut) {
        size_t i = 0, last = 0;
        while (i < cut) { last = i; ap_utf8_next(held.data, cut, &i); }
        size_t j = last;
        held_prev_word = is_word(fold(ap_utf8_next(held.data, cut, &j)));
    }
    memmove(held.data, held.data + cut, held.len - cut);
    held.len -= cut;
    return 0;
}

int ap_plugin_stream_chunk(const char *text, size_t len, ap_result *out) {
    return stream_step(text, len, 0, out);
}

int ap_plugin_stream_finish(ap_result *out) { return stream_step("", 0, 1, out); }

AP_STREAMING_EXPORTS
