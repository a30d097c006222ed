/* repeat_whole: a whole-only plugin whose output is its input repeated until it is at least
 * 150,000 bytes long: more than the smallest gRPC message limit the daemon can be configured
 * with, so the daemon must send it in pieces. Each copy ends with SEPARATOR, so a test can
 * cut one copy off. */
#include "appliance_plugin.h"

#define SEPARATOR "\n~~8<~~\n"

const int ap_plugin_modes = AP_MODE_WHOLE;

int ap_plugin_process(const char *text, size_t len, const ap_meta *meta, ap_result *out) {
    (void)meta;
    ap_buf copies = {0};
    do {
        ap_buf_put(&copies, text, len);
        ap_buf_puts(&copies, SEPARATOR);
    } while (copies.len < 150000 && !copies.oom);
    if (copies.oom) return -1;
    out->action = AP_MODIFY;
    ap_result_set_text(out, copies.data, copies.len);
    ap_buf_free(&copies);
    return 0;
}
