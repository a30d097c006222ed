;; Streams, but each process_chunk spins ~3 million loop iterations (milliseconds) before
;; passing "x" on: a plugin too slow to run on the daemon's event loop.
(module
  (memory (export "memory") 2)
  (data (i32.const 4096) "{\"action\":\"pass\",\"text\":\"x\"}")
  (func (export "_initialize"))
  (func (export "alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "abi_version") (result i32) (i32.const 1))
  (func (export "abi_modes") (result i32) (i32.const 3))
  (func (export "process") (param i32 i32 i32 i32) (result i64) unreachable)
  (func (export "stream_begin") (param i32 i32) (result i32) (i32.const 0))
  (func (export "process_chunk") (param i32 i32) (result i64)
    (local $n i32)
    (local.set $n (i32.const 3000000))
    (loop $spin
      (local.set $n (i32.sub (local.get $n) (i32.const 1)))
      (br_if $spin (local.get $n)))
    (i64.or (i64.shl (i64.const 4096) (i64.const 32)) (i64.const 28)))
  (func (export "finish") (result i64)
    (i64.or (i64.shl (i64.const 4096) (i64.const 32)) (i64.const 28))))
