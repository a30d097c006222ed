;; Tries to open /etc/passwd through WASI path_open on fd 3 (where a first preopen would be)
;; and reports the errno it got as its output text: "errno=NN".
(module
  (import "wasi_snapshot_preview1" "path_open"
    (func $path_open (param i32 i32 i32 i32 i32 i64 i64 i32 i32) (result i32)))
  (memory (export "memory") 2)
  (data (i32.const 2048) "/etc/passwd")
  (data (i32.const 4096) "{\"action\":\"modify\",\"text\":\"errno=00\"}")
  (func (export "_initialize"))
  (func (export "alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "abi_version") (result i32) (i32.const 1))
  (func (export "process") (param i32 i32 i32 i32) (result i64)
    (local $errno i32)
    (local.set $errno
      (call $path_open (i32.const 3) (i32.const 0) (i32.const 2048) (i32.const 11)
        (i32.const 0) (i64.const 2) (i64.const 0) (i32.const 0) (i32.const 3000)))
    (i32.store8 (i32.const 4129) (i32.add (i32.const 48) (i32.div_u (local.get $errno) (i32.const 10))))
    (i32.store8 (i32.const 4130) (i32.add (i32.const 48) (i32.rem_u (local.get $errno) (i32.const 10))))
    (i64.or (i64.shl (i64.const 4096) (i64.const 32)) (i64.const 37))))
