;; Streams, but each process_chunk sleeps 30 ms in WASI poll_oneoff (a host call: no fuel
;; used, little CPU) before passing "x" on: slow without being busy.
(module
  (import "wasi_snapshot_preview1" "poll_oneoff"
    (func $poll_oneoff (param i32 i32 i32 i32) (result i32)))
  (memory (export "memory") 2)
  (data (i32.const 4096) "{\"action\":\"pass\",\"text\":\"x\"}")
  (func (export "_initialize"))
  (func (export "alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "abi_version") (result i32) (i32.const 1))
  (func (export "abi_modes") (result i32) (i32.const 3))
  (func (export "process") (param i32 i32 i32 i32) (result i64) unreachable)
  (func (export "stream_begin") (param i32 i32) (result i32) (i32.const 0))
  (func (export "process_chunk") (param i32 i32) (result i64)
    ;; one clock subscription at 8192: userdata 0, tag 0 (clock), clock id 1 (monotonic),
    ;; relative timeout 30 ms; one event written at 8448, its count at 8512.
    (i64.store (i32.const 8192) (i64.const 0))
    (i32.store8 (i32.const 8200) (i32.const 0))
    (i32.store (i32.const 8208) (i32.const 1))
    (i64.store (i32.const 8216) (i64.const 30000000))
    (i64.store (i32.const 8224) (i64.const 0))
    (i32.store16 (i32.const 8232) (i32.const 0))
    (drop (call $poll_oneoff (i32.const 8192) (i32.const 8448) (i32.const 1) (i32.const 8512)))
    (i64.or (i64.shl (i64.const 4096) (i64.const 32)) (i64.const 28)))
  (func (export "finish") (result i64)
    (i64.or (i64.shl (i64.const 4096) (i64.const 32)) (i64.const 28))))
