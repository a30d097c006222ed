/* pii_redact: replace e-mail addresses, phone numbers, card numbers (Luhn-checked) and IBANs
 * (mod-97-checked) with [EMAIL], [PHONE], [CARD], [IBAN].
 *
 * Streaming holds back the shortest tail that could still grow into one of those values, so a
 * value split across chunks is never emitted in part. IBANs are matched in upper case only.
 */
#include "appliance_plugin.h"

#include <stdlib.h>
#include <string.h>

const int ap_plugin_modes = AP_MODE_WHOLE | AP_MODE_STREAMING;

#define MAX_EMAIL 254
#define MAX_LOCAL 64
#define MAX_NUMERIC 40
#define MAX_IBAN_CHARS 34
#define HOLD_WINDOW 256

static int is_digit(char c) { return c >= '0' && c <= '9'; }
static int is_upper(char c) { return c >= 'A' && c <= 'Z'; }
static int is_alpha(char c) { return is_upper(c) || (c >= 'a' && c <= 'z'); }
static int is_alnum(char c) { return is_digit(c) || is_alpha(c); }
static int is_local(char c) { return is_alnum(c) || (c && strchr("._%+-", c)); }
static int is_domain(char c) { return is_alnum(c) || c == '.' || c == '-'; }
static int is_phone_sep(char c) { return c == ' ' || c == '-' || c == '.' || c == '(' || c == ')'; }

typedef struct {
    size_t end;
    const char *kind;
    const char *label;
} match;

static size_t match_email(const char *s, size_t len, size_t i) {
    size_t j = i;
    while (j < len && is_local(s[j])) j++;
    if (j == i || j - i > MAX_LOCAL || j >= len || s[j] != '@' || s[i] == '.') return 0;
    size_t d = j + 1, k = d;
    while (k < len && is_domain(s[k])) k++;
    while (k > d && (s[k - 1] == '.' || s[k - 1] == '-')) k--;
    size_t dot = 0;
    for (size_t m = d; m < k; m++)
        if (s[m] == '.') dot = m;
    if (!dot || dot == d || k - dot - 1 < 2) return 0;
    for (size_t m = dot + 1; m < k; m++)
        if (!is_alpha(s[m])) return 0;
    return k;
}

static int luhn_ok(const char *digits, int n) {
    int sum = 0;
    for (int k = 0; k < n; k++) {
        int d = digits[n - 1 - k] - '0';
        if (k % 2) { d *= 2; if (d > 9) d -= 9; }
        sum += d;
    }
    return sum % 10 == 0;
}

/* Digit groups separated by one space or dash; the longest Luhn-valid prefix of groups. */
static size_t match_card(const char *s, size_t len, size_t i) {
    char digits[20];
    int n = 0;
    size_t ends[20];
    int counts[20];
    int groups = 0;
    size_t j = i;
    while (j < len && is_digit(s[j])) {
        while (j < len && is_digit(s[j])) {
            if (n == 19) return 0;
            digits[n++] = s[j++];
        }
        if (j < len && is_alpha(s[j])) return 0;
        ends[groups] = j;
        counts[groups++] = n;
        if (j + 1 < len && (s[j] == ' ' || s[j] == '-') && is_digit(s[j + 1])) j++;
        else break;
    }
    for (int g = groups - 1; g >= 0; g--)
        if (counts[g] >= 13 && luhn_ok(digits, counts[g])) return ends[g];
    return 0;
}

/* 10 to 15 digits, with a leading '+' or '(' or separators (a bare digit run is an order
 * number, not a phone number), and not shaped like a date (YYYY-MM-DD or DD-MM-YYYY). */
static size_t match_phone(const char *s, size_t len, size_t i) {
    size_t j = i;
    int plus = 0, n = 0, groups = 0, lens[32];
    char seps[32] = {0};
    if (s[j] == '+') { plus = 1; j++; }
    size_t end = 0;
    while (j < len) {
        size_t sep = j;
        while (j < len && j - sep < 2 && is_phone_sep(s[j])) j++;
        if (j >= len || !is_digit(s[j])) break;
        if (j > sep && s[sep] == '(') plus = 1;
        if (groups < 32) seps[groups] = j > sep ? s[sep] : 0;
        int g = 0;
        while (j < len && is_digit(s[j])) { j++; g++; n++; }
        if (groups < 32) lens[groups++] = g;
        end = j;
        if (j < len && is_alpha(s[j])) return 0;
    }
    if (!end || n < 10 || n > 15 || (!plus && groups < 2)) return 0;
    /* 2024-05-17 10:30 has ten digits and separators, but it is a date. */
    if (!plus && groups >= 3 && seps[1] == seps[2] && (seps[1] == '-' || seps[1] == '.') &&
        ((lens[0] == 4 && lens[1] == 2 && lens[2] == 2) ||
         (lens[0] == 2 && lens[1] == 2 && lens[2] == 4)))
        return 0;
    if (end < len && s[end] == ')') end++;
    return end;
}

static int iban_ok(const char *chars, int n) {
    int rem = 0;
    for (int k = 0; k < n; k++) {
        char c = chars[(k + 4) % n];
        if (is_digit(c)) rem = (rem * 10 + (c - '0')) % 97;
        else rem = (rem * 100 + (c - 'A' + 10)) % 97;
    }
    return rem == 1;
}

static size_t match_iban(const char *s, size_t len, size_t i) {
    if (i + 4 > len || !is_upper(s[i]) || !is_upper(s[i + 1]) || !is_digit(s[i + 2]) ||
        !is_digit(s[i + 3]))
        return 0;
    char chars[MAX_IBAN_CHARS];
    size_t ends[MAX_IBAN_CHARS];
    int counts[MAX_IBAN_CHARS], n = 0, groups = 0;
    size_t j = i;
    for (;;) {
        while (j < len && (is_upper(s[j]) || is_digit(s[j]))) {
            if (n == MAX_IBAN_CHARS) { n = -1; break; }
            chars[n++] = s[j++];
        }
        if (n < 0) break;
        if (j < len && is_alnum(s[j])) break; /* lower case glued on: not a group end */
        ends[groups] = j;
        counts[groups++] = n;
        if (j + 1 < len && s[j] == ' ' && (is_upper(s[j + 1]) || is_digit(s[j + 1]))) j++;
        else break;
    }
    for (int g = groups - 1; g >= 0; g--)
        if (counts[g] >= 15 && iban_ok(chars, counts[g])) return ends[g];
    return 0;
}

/* Where a digit run (or an IBAN-shaped run) that matched nothing ends: it is skipped whole,
 * so "4111 1111 1111 1112" is not re-read from its second group as a phone number. */
static size_t run_end(const char *s, size_t len, size_t i, char prev) {
    size_t j = i, end = i;
    if (is_alnum(prev) || prev == '+') return i;
    if (is_digit(s[i]) || s[i] == '+' || s[i] == '(') {
        for (j = i + 1; j < len && (is_digit(s[j]) || is_phone_sep(s[j])); j++)
            if (is_digit(s[j])) end = j + 1;
        return end > i ? end : i + 1;
    }
    if (i + 4 <= len && is_upper(s[i]) && is_upper(s[i + 1]) && is_digit(s[i + 2]) &&
        is_digit(s[i + 3])) {
        for (j = i; j < len && (is_upper(s[j]) || is_digit(s[j]) ||
                                (s[j] == ' ' && j + 1 < len && s[j + 1] != ' '));
             j++)
            if (s[j] != ' ') end = j + 1;
        return end;
    }
    return i;
}

static int find_match(const char *s, size_t len, size_t i, char prev, match *m) {
    size_t end;
    if (is_local(s[i]) && !is_local(prev) && (end = match_email(s, len, i))) {
        *m = (match){end, "email", "[EMAIL]"};
        return 1;
    }
    if (is_alnum(prev) || prev == '+') return 0;
    if (is_digit(s[i]) && (end = match_card(s, len, i))) {
        *m = (match){end, "card", "[CARD]"};
        return 1;
    }
    if ((is_digit(s[i]) || s[i] == '+' || s[i] == '(') && (end = match_phone(s, len, i))) {
        *m = (match){end, "phone", "[PHONE]"};
        return 1;
    }
    if (is_upper(s[i]) && (end = match_iban(s, len, i))) {
        *m = (match){end, "iban", "[IBAN]"};
        return 1;
    }
    return 0;
}

/* Redact s[0:*limit] into out; a match that would cross *limit moves *limit back to its start. */
static void redact(const char *s, size_t len, size_t *limit, char prev, ap_result *out) {
    size_t i = 0;
    while (i < *limit) {
        match m;
        char before = i ? s[i - 1] : prev;
        if (find_match(s, len, i, before, &m)) {
            if (m.end > *limit) { *limit = i; break; }
            size_t at = out->text.len;
            ap_buf_puts(&out->text, m.label);
            ap_result_add_finding(out, m.kind, at, out->text.len);
            i = m.end;
        } else {
            size_t end = run_end(s, len, i, before);
            if (end > *limit && end - i < HOLD_WINDOW) { *limit = i; break; }
            if (end > *limit) end = *limit;
            if (end <= i) end = i + 1;
            ap_buf_put(&out->text, s + i, end - i);
            i = end;
        }
    }
    out->has_text = 1;
    out->action = out->finding_count ? AP_MODIFY : AP_PASS;
}

int ap_plugin_process(const char *text, size_t len, const ap_meta *meta, ap_result *out) {
    (void)meta;
    size_t limit = len;
    redact(text, len, &limit, 0, out);
    if (!out->finding_count) { ap_buf_free(&out->text); out->has_text = 0; }
    return 0;
}

/* ---- streaming: could s[i:] still grow into a value? ---- */

static int email_viable(const char *s, size_t len, size_t i, char prev) {
    if (!is_local(s[i]) || is_local(prev) || len - i > MAX_EMAIL) return 0;
    size_t j = i;
    while (j < len && is_local(s[j])) j++;
    if (j - i > MAX_LOCAL) return 0;
    if (j == len) return 1;
    if (s[j] != '@') return 0;
    for (j++; j < len; j++)
        if (!is_domain(s[j])) return 0;
    return 1;
}

static int numeric_viable(const char *s, size_t len, size_t i, char prev) {
    if (is_alnum(prev) || prev == '+' || len - i > MAX_NUMERIC) return 0;
    if (!is_digit(s[i]) && s[i] != '+' && s[i] != '(') return 0;
    int digits = 0;
    for (size_t j = i; j < len; j++) {
        if (is_digit(s[j])) digits++;
        else if (!is_phone_sep(s[j]) && !(j == i && s[j] == '+')) return 0;
    }
    return digits <= 19;
}

static int iban_viable(const char *s, size_t len, size_t i, char prev) {
    if (is_alnum(prev) || !is_upper(s[i])) return 0;
    int n = 0;
    for (size_t j = i; j < len; j++) {
        char c = s[j];
        if (c == ' ') {
            if (j == i || s[j - 1] == ' ' || n < 4) return 0;
            continue;
        }
        if (n < 2 ? !is_upper(c) : n < 4 ? !is_digit(c) : !(is_upper(c) || is_digit(c))) return 0;
        if (++n > MAX_IBAN_CHARS) return 0;
    }
    return 1;
}

static ap_buf held;
static char held_prev;

int ap_plugin_stream_begin(const ap_meta *meta) {
    (void)meta;
    return 0;
}

int ap_plugin_stream_chunk(const char *text, size_t len, ap_result *out) {
    ap_buf_put(&held, text, len);
    if (held.oom) return 1;
    const char *s = held.data;
    size_t n = held.len;
    size_t cut = n;
    for (size_t i = n > HOLD_WINDOW ? n - HOLD_WINDOW : 0; i < n; i++) {
        char prev = i ? s[i - 1] : held_prev;
        if (email_viable(s, n, i, prev) || numeric_viable(s, n, i, prev) ||
            iban_viable(s, n, i, prev)) {
            cut = i;
            break;
        }
    }
    redact(s, n, &cut, held_prev, out);
    if (cut) held_prev = s[cut - 1];
    memmove(held.data, held.data + cut, n - cut);
    held.len = n - cut;
    return 0;
}

int ap_plugin_stream_finish(ap_result *out) {
    size_t limit = held.len;
    redact(held.data ? held.data : "", held.len, &limit, held_prev, out);
    ap_buf_free(&held);
    return 0;
}

AP_STREAMING_EXPORTS
