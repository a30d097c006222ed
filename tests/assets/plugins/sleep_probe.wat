;; Whole-response mode: asks WASI poll_oneoff to sleep 10 s on the monotonic clock, then
;; returns "slept" if the call succeeded and "refused" if it returned an error. The host
;; refuses the call (ENOTSUP); were it allowed, the call would sleep past any deadline
;; (epoch interruption cannot stop a host call) and then be stopped as a timeout.
(module
  (import "wasi_snapshot_preview1" "poll_oneoff"
    (func $poll_oneoff (param i32 i32 i32 i32) (result i32)))
  (memory (export "memory") 2)
  (data (i32.const 4096) "{\"action\":\"modify\",\"text\":\"slept\"}")
  (data (i32.const 4160) "{\"action\":\"modify\",\"text\":\"refused\"}")
  (func (export "_initialize"))
  (func (export "alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "abi_version") (result i32) (i32.const 1))
  (func (export "process") (param i32 i32 i32 i32) (result i64)
    ;; one clock subscription at 8192: userdata 0, tag 0 (clock), clock id 1 (monotonic),
    ;; relative timeout 10 s; one event written at 8448, its count at 8512.
    (i64.store (i32.const 8192) (i64.const 0))
    (i32.store8 (i32.const 8200) (i32.const 0))
    (i32.store (i32.const 8208) (i32.const 1))
    (i64.store (i32.const 8216) (i64.const 10000000000))
    (i64.store (i32.const 8224) (i64.const 0))
    (i32.store16 (i32.const 8232) (i32.const 0))
    (if (result i64)
      (i32.eqz (call $poll_oneoff (i32.const 8192) (i32.const 8448) (i32.const 1) (i32.const 8512)))
      (then (i64.or (i64.shl (i64.const 4096) (i64.const 32)) (i64.const 34)))
      (else (i64.or (i64.shl (i64.const 4160) (i64.const 32)) (i64.const 36))))))
