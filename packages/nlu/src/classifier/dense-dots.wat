;; The kernel of dense-dots.ts. Rebuild: wat2wasm --enable-simd dense-dots.wat -o - | base64 -w0 (wabt), into WASM there.
(module
  (memory (export "memory") 1)
  ;; out[r] += sum over d of m[r][d] * x[d], every row's products added in d order (IEEE mul then add, no fusing).
  ;; m: groups of 8 rows, each group stored d by d (8 f64 per d); x: n f64; out: 8 * groups f64.
  (func (export "dots") (param $m i32) (param $x i32) (param $out i32) (param $groups i32) (param $n i32)
    (local $g i32) (local $d i32) (local $xp i32) (local $o i32) (local $xv v128)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128)
    (block $gdone
      (loop $gloop
        (br_if $gdone (i32.ge_u (local.get $g) (local.get $groups)))
        (local.set $o (i32.add (local.get $out) (i32.shl (local.get $g) (i32.const 6))))
        (local.set $a0 (v128.load offset=0 (local.get $o)))
        (local.set $a1 (v128.load offset=16 (local.get $o)))
        (local.set $a2 (v128.load offset=32 (local.get $o)))
        (local.set $a3 (v128.load offset=48 (local.get $o)))
        (local.set $xp (local.get $x))
        (local.set $d (i32.const 0))
        (block $ddone
          (loop $dloop
            (br_if $ddone (i32.ge_u (local.get $d) (local.get $n)))
            (local.set $xv (f64x2.splat (f64.load (local.get $xp))))
            (local.set $a0 (f64x2.add (local.get $a0) (f64x2.mul (v128.load offset=0 (local.get $m)) (local.get $xv))))
            (local.set $a1 (f64x2.add (local.get $a1) (f64x2.mul (v128.load offset=16 (local.get $m)) (local.get $xv))))
            (local.set $a2 (f64x2.add (local.get $a2) (f64x2.mul (v128.load offset=32 (local.get $m)) (local.get $xv))))
            (local.set $a3 (f64x2.add (local.get $a3) (f64x2.mul (v128.load offset=48 (local.get $m)) (local.get $xv))))
            (local.set $m (i32.add (local.get $m) (i32.const 64)))
            (local.set $xp (i32.add (local.get $xp) (i32.const 8)))
            (local.set $d (i32.add (local.get $d) (i32.const 1)))
            (br $dloop)))
        (v128.store offset=0 (local.get $o) (local.get $a0))
        (v128.store offset=16 (local.get $o) (local.get $a1))
        (v128.store offset=32 (local.get $o) (local.get $a2))
        (v128.store offset=48 (local.get $o) (local.get $a3))
        (local.set $g (i32.add (local.get $g) (i32.const 1)))
        (br $gloop)))))
