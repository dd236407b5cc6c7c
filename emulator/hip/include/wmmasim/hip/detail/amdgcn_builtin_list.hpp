// The one list of every __builtin_amdgcn_* that clang-19 knows (355 names, read from libclang-cpp),
// with what the CPU emulator does with each. It drives the refusal declarations
// (amdgcn_refusals.hpp), the matrix builtins' target rule and the table in docs/hip-on-cpu.md;
// tests/hip/amdgcn_builtin_list_check.py keeps it equal to clang-19 (which builtins each target
// accepts) and to the docs table, and checks that the headers do what each row says.
//
// X(name, result, (parameters), (gfx12 wave32, gfx12 wave64, gfx11 wave32, gfx11 wave64), "target
//   feature clang names when it refuses the builtin", how, "note")
//   * parameters and result in clang's types: u32 = unsigned int, u64 = unsigned long, f16 = __fp16,
//     f32x4 = a vector of 4 floats, i16x2e = an ext_vector_type(2) of short, `imm` = a constant
//     argument, `lds*`/`global*` = a pointer in address space 3/1;
//   * the targets: 1 where clang-19 accepts a device call (gfx1201, gfx1100; with -mwavefrontsize64);
//   * how: emulated (the GPU's bits), approximate (the GPU's instruction approximates, see the note),
//     matrix (the instruction table's WMMA/SWMMAC/global_load_tr, matrix_builtins.hpp), refused (a call
//     does not compile, with the note as its reason). Any builtin called for a target whose column is
//     0 does not compile, with clang's "needs target feature" sentence.
#pragma once

// clang-format off
#define WMMASIM_FOR_EACH_AMDGCN_BUILTIN(X) \
  X(alignbit, u32, (u32, u32, u32), (1, 1, 1, 1), "", emulated, "exact (low 32 bits of {s0, s1} shifted)") \
  X(alignbyte, u32, (u32, u32, u32), (1, 1, 1, 1), "", emulated, "exact (low 32 bits of {s0, s1} shifted)") \
  X(atomic_dec32, u32, (volatile u32*, u32, imm u32, const char*), (1, 1, 1, 1), "", emulated, "atomic: wrapping increment/decrement (sequentially consistent)") \
  X(atomic_dec64, u64, (volatile u64*, u64, imm u32, const char*), (1, 1, 1, 1), "", emulated, "atomic: wrapping increment/decrement (sequentially consistent)") \
  X(atomic_inc32, u32, (volatile u32*, u32, imm u32, const char*), (1, 1, 1, 1), "", emulated, "atomic: wrapping increment/decrement (sequentially consistent)") \
  X(atomic_inc64, u64, (volatile u64*, u64, imm u32, const char*), (1, 1, 1, 1), "", emulated, "atomic: wrapping increment/decrement (sequentially consistent)") \
  X(ballot_w32, u32, (bool), (1, 0, 1, 0), "wavefrontsize32", emulated, "wave collective: one bit per lane whose predicate holds") \
  X(ballot_w64, u64, (bool), (1, 1, 1, 1), "", emulated, "wave collective: one bit per lane whose predicate holds") \
  X(buffer_wbinvl1, void, (), (1, 1, 1, 1), "", emulated, "cache maintenance: the CPU's caches are coherent") \
  X(buffer_wbinvl1_vol, void, (), (1, 1, 1, 1), "", emulated, "cache maintenance: the CPU's caches are coherent") \
  X(class, bool, (f64, i32), (1, 1, 1, 1), "", emulated, "exact (IEEE class bits)") \
  X(classf, bool, (f32, i32), (1, 1, 1, 1), "", emulated, "exact (IEEE class bits)") \
  X(classh, bool, (f16, i32), (1, 1, 1, 1), "", emulated, "exact (IEEE class bits)") \
  X(cosf, f32, (f32), (1, 1, 1, 1), "", approximate, "sin/cos of 2*pi*x (the instruction takes turns) from libm; the GPU approximates it") \
  X(cosh, f16, (f16), (1, 1, 1, 1), "", approximate, "sin/cos of 2*pi*x (the instruction takes turns) from libm; the GPU approximates it") \
  X(cubeid, f32, (f32, f32, f32), (1, 1, 1, 1), "", emulated, "exact (cube-map face selection)") \
  X(cubema, f32, (f32, f32, f32), (1, 1, 1, 1), "", emulated, "exact (cube-map face selection)") \
  X(cubesc, f32, (f32, f32, f32), (1, 1, 1, 1), "", emulated, "exact (cube-map face selection)") \
  X(cubetc, f32, (f32, f32, f32), (1, 1, 1, 1), "", emulated, "exact (cube-map face selection)") \
  X(cvt_f32_bf8, f32, (i32, imm i32), (1, 1, 0, 0), "fp8-conversion-insts", emulated, "exact widening (numerics widen_to_f32)") \
  X(cvt_f32_fp8, f32, (i32, imm i32), (1, 1, 0, 0), "fp8-conversion-insts", emulated, "exact widening (numerics widen_to_f32)") \
  X(cvt_pk_bf8_f32, i32, (f32, f32, i32, imm bool), (1, 1, 0, 0), "fp8-conversion-insts", emulated, "numerics convert_from_f32: nearest even, overflow to NaN (fp8) / inf (bf8), other half of old kept") \
  X(cvt_pk_f32_bf8, f32x2, (i32, imm bool), (1, 1, 0, 0), "fp8-conversion-insts", emulated, "exact widening (numerics widen_to_f32)") \
  X(cvt_pk_f32_fp8, f32x2, (i32, imm bool), (1, 1, 0, 0), "fp8-conversion-insts", emulated, "exact widening (numerics widen_to_f32)") \
  X(cvt_pk_fp8_f32, i32, (f32, f32, i32, imm bool), (1, 1, 0, 0), "fp8-conversion-insts", emulated, "numerics convert_from_f32: nearest even, overflow to NaN (fp8) / inf (bf8), other half of old kept") \
  X(cvt_pk_i16, i16x2e, (i32, i32), (1, 1, 1, 1), "", refused, "the saturation and rounding of these packing conversions are not specified precisely enough to reproduce") \
  X(cvt_pk_u16, u16x2e, (u32, u32), (1, 1, 1, 1), "", refused, "the saturation and rounding of these packing conversions are not specified precisely enough to reproduce") \
  X(cvt_pk_u8_f32, u32, (f32, u32, u32), (1, 1, 1, 1), "", refused, "the saturation and rounding of these packing conversions are not specified precisely enough to reproduce") \
  X(cvt_pknorm_i16, i16x2e, (f32, f32), (1, 1, 1, 1), "", refused, "the saturation and rounding of these packing conversions are not specified precisely enough to reproduce") \
  X(cvt_pknorm_u16, u16x2e, (f32, f32), (1, 1, 1, 1), "", refused, "the saturation and rounding of these packing conversions are not specified precisely enough to reproduce") \
  X(cvt_pkrtz, f16x2e, (f32, f32), (1, 1, 1, 1), "", emulated, "exact (f32 to f16 toward zero)") \
  X(cvt_sr_bf8_f32, i32, (f32, i32, i32, imm i32), (1, 1, 0, 0), "fp8-conversion-insts", emulated, "numerics convert_from_f32_stochastic (its reading of the ISA's stochastic rounding, unverified on hardware)") \
  X(cvt_sr_fp8_f32, i32, (f32, i32, i32, imm i32), (1, 1, 0, 0), "fp8-conversion-insts", emulated, "numerics convert_from_f32_stochastic (its reading of the ISA's stochastic rounding, unverified on hardware)") \
  X(dispatch_ptr, void_constant_ptr, (), (1, 1, 1, 1), "", refused, "HSA dispatch-packet, kernel-argument and queue memory does not exist on the CPU") \
  X(div_fixup, f64, (f64, f64, f64), (1, 1, 1, 1), "", refused, "steps of the compiler's IEEE division expansion (use /)") \
  X(div_fixupf, f32, (f32, f32, f32), (1, 1, 1, 1), "", refused, "steps of the compiler's IEEE division expansion (use /)") \
  X(div_fixuph, f16, (f16, f16, f16), (1, 1, 1, 1), "", refused, "steps of the compiler's IEEE division expansion (use /)") \
  X(div_fmas, f64, (f64, f64, f64, bool), (1, 1, 1, 1), "", refused, "steps of the compiler's IEEE division expansion (use /)") \
  X(div_fmasf, f32, (f32, f32, f32, bool), (1, 1, 1, 1), "", refused, "steps of the compiler's IEEE division expansion (use /)") \
  X(div_scale, f64, (f64, f64, bool, bool*), (1, 1, 1, 1), "", refused, "steps of the compiler's IEEE division expansion (use /)") \
  X(div_scalef, f32, (f32, f32, bool, bool*), (1, 1, 1, 1), "", refused, "steps of the compiler's IEEE division expansion (use /)") \
  X(dot4_f32_bf8_bf8, f32, (u32, u32, f32), (1, 1, 0, 0), "dot11-insts", emulated, "V_DOT4_F32_*8: the numerics library's dot4_f32_fp8 (spec 7.2 [M], one grid for four products)") \
  X(dot4_f32_bf8_fp8, f32, (u32, u32, f32), (1, 1, 0, 0), "dot11-insts", emulated, "V_DOT4_F32_*8: the numerics library's dot4_f32_fp8 (spec 7.2 [M], one grid for four products)") \
  X(dot4_f32_fp8_bf8, f32, (u32, u32, f32), (1, 1, 0, 0), "dot11-insts", emulated, "V_DOT4_F32_*8: the numerics library's dot4_f32_fp8 (spec 7.2 [M], one grid for four products)") \
  X(dot4_f32_fp8_fp8, f32, (u32, u32, f32), (1, 1, 0, 0), "dot11-insts", emulated, "V_DOT4_F32_*8: the numerics library's dot4_f32_fp8 (spec 7.2 [M], one grid for four products)") \
  X(ds_append, i32, (i32 lds*), (1, 1, 1, 1), "", refused, "wave-level LDS/GDS counters") \
  X(ds_atomic_fadd_f32, f32, (f32 lds*, f32), (1, 1, 1, 1), "", emulated, "atomic f32 add (compare-and-swap loop, one rounding per add)") \
  X(ds_atomic_fadd_f64, f64, (f64 lds*, f64), (0, 0, 0, 0), "gfx90a-insts", refused, "not available on gfx11 or gfx12") \
  X(ds_atomic_fadd_v2bf16, i16x2, (i16x2 lds*, i16x2), (1, 1, 0, 0), "atomic-ds-pk-add-16-insts", emulated, "atomic packed add, each half rounded to nearest even [rounding unverified]") \
  X(ds_atomic_fadd_v2f16, f16x2, (f16x2 lds*, f16x2), (1, 1, 0, 0), "atomic-ds-pk-add-16-insts", emulated, "atomic packed add, each half rounded to nearest even [rounding unverified]") \
  X(ds_bpermute, i32, (i32, i32), (1, 1, 1, 1), "", emulated, "wave collective: pull from lane address/4; gfx12 modulo the wave, gfx11 wave64 within its own 32-lane half") \
  X(ds_bvh_stack_rtn, u32x2, (u32, u32, u32x4, imm i32), (1, 1, 1, 1), "", refused, "ray tracing") \
  X(ds_consume, i32, (i32 lds*), (1, 1, 1, 1), "", refused, "wave-level LDS/GDS counters") \
  X(ds_faddf, f32, (f32 lds*, f32, imm i32, imm i32, imm bool), (1, 1, 1, 1), "", emulated, "atomic f32 add (compare-and-swap loop, one rounding per add)") \
  X(ds_fmaxf, f32, (f32 lds*, f32, imm i32, imm i32, imm bool), (1, 1, 1, 1), "", emulated, "atomic min/max (NaN loses to a number, -0 < +0)") \
  X(ds_fminf, f32, (f32 lds*, f32, imm i32, imm i32, imm bool), (1, 1, 1, 1), "", emulated, "atomic min/max (NaN loses to a number, -0 < +0)") \
  X(ds_gws_barrier, void, (u32, u32), (0, 0, 1, 1), "gws", refused, "global wave sync") \
  X(ds_gws_init, void, (u32, u32), (0, 0, 1, 1), "gws", refused, "global wave sync") \
  X(ds_gws_sema_br, void, (u32, u32), (0, 0, 1, 1), "gws", refused, "global wave sync") \
  X(ds_gws_sema_p, void, (u32), (0, 0, 1, 1), "gws", refused, "global wave sync") \
  X(ds_gws_sema_release_all, void, (u32), (1, 1, 1, 1), "", refused, "global wave sync") \
  X(ds_gws_sema_v, void, (u32), (0, 0, 1, 1), "gws", refused, "global wave sync") \
  X(ds_permute, i32, (i32, i32), (1, 1, 1, 1), "", emulated, "wave collective: push to lane address/4 (highest source lane wins, unnamed lanes get 0); gfx11 wave64 within halves") \
  X(ds_swizzle, i32, (i32, imm i32), (1, 1, 1, 1), "", emulated, "wave collective: bit-mask, quad-permute, rotate and FFT modes of the 16-bit pattern; constant pattern") \
  X(endpgm, void, (), (1, 1, 1, 1), "", refused, "ending a wave early is not modelled (return from the kernel)") \
  X(exp2f, f32, (f32), (1, 1, 1, 1), "", approximate, "2^x and log2(x) from libm; V_EXP_F32 / V_LOG_F32 approximate them") \
  X(fcmp, u64, (f64, f64, imm i32), (1, 1, 1, 1), "", emulated, "wave collective: lane mask of an LLVM float comparison (predicates 0-15)") \
  X(fcmpf, u64, (f32, f32, imm i32), (1, 1, 1, 1), "", emulated, "wave collective: lane mask of an LLVM float comparison (predicates 0-15)") \
  X(fdot2, f32, (f16x2, f16x2, f32, imm bool), (1, 1, 1, 1), "", emulated, "V_DOT2_F32_F16: the numerics library's dot2_f32, which reproduces the gfx1201 and gfx1100 DOT2 captures; clamp to [0,1], NaN to 0 [unverified]") \
  X(fdot2_bf16_bf16, i16, (i16x2, i16x2, i16), (1, 1, 1, 1), "", refused, "no hardware-qualified model of V_DOT2_F16_F16 / V_DOT2_BF16_BF16 rounding") \
  X(fdot2_f16_f16, f16, (f16x2, f16x2, f16), (1, 1, 1, 1), "", refused, "no hardware-qualified model of V_DOT2_F16_F16 / V_DOT2_BF16_BF16 rounding") \
  X(fdot2_f32_bf16, f32, (i16x2, i16x2, f32, imm bool), (1, 1, 1, 1), "", emulated, "V_DOT2_F32_BF16: the numerics library's dot2_f32, as fdot2") \
  X(fence, void, (imm u32, const char*), (1, 1, 1, 1), "", emulated, "a full fence (lanes share one OS thread, blocks run on several)") \
  X(flat_atomic_fadd_f32, f32, (f32*, f32), (0, 0, 0, 0), "gfx940-insts", refused, "not available on gfx11 or gfx12") \
  X(flat_atomic_fadd_f64, f64, (f64*, f64), (0, 0, 0, 0), "gfx90a-insts", refused, "not available on gfx11 or gfx12") \
  X(flat_atomic_fadd_v2bf16, i16x2, (i16x2*, i16x2), (1, 1, 0, 0), "atomic-flat-pk-add-16-insts", emulated, "atomic packed add, each half rounded to nearest even [rounding unverified]") \
  X(flat_atomic_fadd_v2f16, f16x2, (f16x2*, f16x2), (1, 1, 0, 0), "atomic-flat-pk-add-16-insts", emulated, "atomic packed add, each half rounded to nearest even [rounding unverified]") \
  X(flat_atomic_fmax_f64, f64, (f64*, f64), (0, 0, 0, 0), "gfx90a-insts", refused, "not available on gfx11 or gfx12") \
  X(flat_atomic_fmin_f64, f64, (f64*, f64), (0, 0, 0, 0), "gfx90a-insts", refused, "not available on gfx11 or gfx12") \
  X(fmed3f, f32, (f32, f32, f32), (1, 1, 1, 1), "", emulated, "exact (NaN operands ignored; -0 < +0)") \
  X(fmed3h, f16, (f16, f16, f16), (1, 1, 1, 1), "", emulated, "exact (NaN operands ignored; -0 < +0)") \
  X(fract, f64, (f64), (1, 1, 1, 1), "", emulated, "exact (below 1 even for -tiny; NaN for inf, as LLVM folds it)") \
  X(fractf, f32, (f32), (1, 1, 1, 1), "", emulated, "exact (below 1 even for -tiny; NaN for inf, as LLVM folds it)") \
  X(fracth, f16, (f16), (1, 1, 1, 1), "", emulated, "exact (below 1 even for -tiny; NaN for inf, as LLVM folds it)") \
  X(frexp_exp, i32, (f64), (1, 1, 1, 1), "", emulated, "exact (subnormals normalised; inf and NaN: exponent 0)") \
  X(frexp_expf, i32, (f32), (1, 1, 1, 1), "", emulated, "exact (subnormals normalised; inf and NaN: exponent 0)") \
  X(frexp_exph, i16, (f16), (1, 1, 1, 1), "", emulated, "exact (subnormals normalised; inf and NaN: exponent 0)") \
  X(frexp_mant, f64, (f64), (1, 1, 1, 1), "", emulated, "exact (subnormals normalised; inf and NaN: exponent 0)") \
  X(frexp_mantf, f32, (f32), (1, 1, 1, 1), "", emulated, "exact (subnormals normalised; inf and NaN: exponent 0)") \
  X(frexp_manth, f16, (f16), (1, 1, 1, 1), "", emulated, "exact (subnormals normalised; inf and NaN: exponent 0)") \
  X(get_fpenv, u64, (), (1, 1, 1, 1), "", refused, "the MODE/TRAPSTS floating-point environment is not modelled: the emulator computes in the default mode") \
  X(global_atomic_fadd_f32, f32, (f32 global*, f32), (1, 1, 1, 1), "", emulated, "atomic f32 add (compare-and-swap loop, one rounding per add)") \
  X(global_atomic_fadd_f64, f64, (f64 global*, f64), (0, 0, 0, 0), "gfx90a-insts", refused, "not available on gfx11 or gfx12") \
  X(global_atomic_fadd_v2bf16, i16x2, (i16x2 global*, i16x2), (1, 1, 0, 0), "atomic-global-pk-add-bf16-inst", emulated, "atomic packed add, each half rounded to nearest even [rounding unverified]") \
  X(global_atomic_fadd_v2f16, f16x2, (f16x2 global*, f16x2), (1, 1, 0, 0), "atomic-buffer-global-pk-add-f16-insts", emulated, "atomic packed add, each half rounded to nearest even [rounding unverified]") \
  X(global_atomic_fmax_f64, f64, (f64 global*, f64), (0, 0, 0, 0), "gfx90a-insts", refused, "not available on gfx11 or gfx12") \
  X(global_atomic_fmin_f64, f64, (f64 global*, f64), (0, 0, 0, 0), "gfx90a-insts", refused, "not available on gfx11 or gfx12") \
  X(global_load_lds, void, (void global*, void lds*, imm u32, imm i32, imm u32), (0, 0, 0, 0), "gfx940-insts", refused, "direct global-to-LDS loads") \
  X(global_load_tr_b128_v4bf16, bf16x4, (bf16x4 global*), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(global_load_tr_b128_v4f16, f16x4, (f16x4 global*), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(global_load_tr_b128_v4i16, i16x4, (i16x4 global*), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(global_load_tr_b128_v8bf16, bf16x8, (bf16x8 global*), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(global_load_tr_b128_v8f16, f16x8, (f16x8 global*), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(global_load_tr_b128_v8i16, i16x8, (i16x8 global*), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(global_load_tr_b64_i32, i32, (i32 global*), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(global_load_tr_b64_v2i32, i32x2, (i32x2 global*), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(grid_size_x, u32, (), (1, 1, 1, 1), "", emulated, "grid size in work-items, as the dispatch packet holds it") \
  X(grid_size_y, u32, (), (1, 1, 1, 1), "", emulated, "grid size in work-items, as the dispatch packet holds it") \
  X(grid_size_z, u32, (), (1, 1, 1, 1), "", emulated, "grid size in work-items, as the dispatch packet holds it") \
  X(groupstaticsize, u32, (), (1, 1, 1, 1), "", refused, "the static LDS size is known to the GPU compiler only") \
  X(iglp_opt, void, (imm i32), (1, 1, 1, 1), "", emulated, "scheduling hint: no effect on results; constant arguments checked") \
  X(image_bvh_intersect_ray, u32x4, (u32, f32, f32x4, f32x4, f32x4, u32x4), (1, 1, 1, 1), "", refused, "ray tracing") \
  X(image_bvh_intersect_ray_h, u32x4, (u32, f32, f32x4, f16x4, f16x4, u32x4), (1, 1, 1, 1), "", refused, "ray tracing") \
  X(image_bvh_intersect_ray_l, u32x4, (u64, f32, f32x4, f32x4, f32x4, u32x4), (1, 1, 1, 1), "", refused, "ray tracing") \
  X(image_bvh_intersect_ray_lh, u32x4, (u64, f32, f32x4, f16x4, f16x4, u32x4), (1, 1, 1, 1), "", refused, "ray tracing") \
  X(implicitarg_ptr, void_constant_ptr, (), (1, 1, 1, 1), "", refused, "HSA dispatch-packet, kernel-argument and queue memory does not exist on the CPU") \
  X(interp_mov, f32, (u32, u32, u32, u32), (1, 1, 1, 1), "", refused, "graphics parameter interpolation") \
  X(interp_p1, f32, (f32, u32, u32, u32), (1, 1, 1, 1), "", refused, "graphics parameter interpolation") \
  X(interp_p1_f16, f32, (f32, u32, u32, bool, u32), (1, 1, 1, 1), "", refused, "graphics parameter interpolation") \
  X(interp_p2, f32, (f32, f32, u32, u32, u32), (1, 1, 1, 1), "", refused, "graphics parameter interpolation") \
  X(interp_p2_f16, f16, (f32, f32, u32, u32, bool, u32), (1, 1, 1, 1), "", refused, "graphics parameter interpolation") \
  X(is_private, bool, (const void*), (1, 1, 1, 1), "", refused, "CPU pointers have no address-space apertures") \
  X(is_shared, bool, (const void*), (1, 1, 1, 1), "", refused, "CPU pointers have no address-space apertures") \
  X(kernarg_segment_ptr, void_constant_ptr, (), (1, 1, 1, 1), "", refused, "HSA dispatch-packet, kernel-argument and queue memory does not exist on the CPU") \
  X(ldexp, f64, (f64, i32), (1, 1, 1, 1), "", emulated, "exact (one rounding, subnormals kept)") \
  X(ldexpf, f32, (f32, i32), (1, 1, 1, 1), "", emulated, "exact (one rounding, subnormals kept)") \
  X(ldexph, f16, (f16, i32), (1, 1, 1, 1), "", emulated, "exact (one rounding, subnormals kept)") \
  X(lerp, u32, (u32, u32, u32), (1, 1, 1, 1), "", emulated, "exact (rounded byte averages)") \
  X(log_clampf, f32, (f32), (1, 1, 1, 1), "", refused, "RDNA has no clamped rsq/log instruction") \
  X(logf, f32, (f32), (1, 1, 1, 1), "", approximate, "2^x and log2(x) from libm; V_EXP_F32 / V_LOG_F32 approximate them") \
  X(make_buffer_rsrc, rsrc, (void*, i16, i32, i32), (1, 1, 1, 1), "", refused, "buffer resources are not modelled (use plain pointers)") \
  X(mbcnt_hi, u32, (u32, u32), (1, 1, 1, 1), "", emulated, "exact: set mask bits of lower lanes, plus the accumulator") \
  X(mbcnt_lo, u32, (u32, u32), (1, 1, 1, 1), "", emulated, "exact: set mask bits of lower lanes, plus the accumulator") \
  X(mfma_f32_16x16x16bf16_1k, f32x4, (i16x4, i16x4, f32x4, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_16x16x16f16, f32x4, (f16x4, f16x4, f32x4, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_16x16x1f32, f32x16, (f32, f32, f32x16, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_16x16x2bf16, f32x16, (i16x2, i16x2, f32x16, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_16x16x32_bf8_bf8, f32x4, (i64, i64, f32x4, imm i32, imm i32, imm i32), (0, 0, 0, 0), "fp8-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_16x16x32_bf8_fp8, f32x4, (i64, i64, f32x4, imm i32, imm i32, imm i32), (0, 0, 0, 0), "fp8-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_16x16x32_fp8_bf8, f32x4, (i64, i64, f32x4, imm i32, imm i32, imm i32), (0, 0, 0, 0), "fp8-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_16x16x32_fp8_fp8, f32x4, (i64, i64, f32x4, imm i32, imm i32, imm i32), (0, 0, 0, 0), "fp8-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_16x16x4bf16_1k, f32x16, (i16x4, i16x4, f32x16, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_16x16x4f16, f32x16, (f16x4, f16x4, f32x16, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_16x16x4f32, f32x4, (f32, f32, f32x4, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_16x16x8_xf32, f32x4, (f32x2, f32x2, f32x4, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_16x16x8bf16, f32x4, (i16x2, i16x2, f32x4, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_32x32x16_bf8_bf8, f32x16, (i64, i64, f32x16, imm i32, imm i32, imm i32), (0, 0, 0, 0), "fp8-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_32x32x16_bf8_fp8, f32x16, (i64, i64, f32x16, imm i32, imm i32, imm i32), (0, 0, 0, 0), "fp8-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_32x32x16_fp8_bf8, f32x16, (i64, i64, f32x16, imm i32, imm i32, imm i32), (0, 0, 0, 0), "fp8-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_32x32x16_fp8_fp8, f32x16, (i64, i64, f32x16, imm i32, imm i32, imm i32), (0, 0, 0, 0), "fp8-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_32x32x1f32, f32x32, (f32, f32, f32x32, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_32x32x2bf16, f32x32, (i16x2, i16x2, f32x32, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_32x32x2f32, f32x16, (f32, f32, f32x16, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_32x32x4_xf32, f32x16, (f32x2, f32x2, f32x16, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_32x32x4bf16, f32x16, (i16x2, i16x2, f32x16, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_32x32x4bf16_1k, f32x32, (i16x4, i16x4, f32x32, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_32x32x4f16, f32x32, (f16x4, f16x4, f32x32, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_32x32x8bf16_1k, f32x16, (i16x4, i16x4, f32x16, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_32x32x8f16, f32x16, (f16x4, f16x4, f32x16, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_4x4x1f32, f32x4, (f32, f32, f32x4, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_4x4x2bf16, f32x4, (i16x2, i16x2, f32x4, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_4x4x4bf16_1k, f32x4, (i16x4, i16x4, f32x4, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f32_4x4x4f16, f32x4, (f16x4, f16x4, f32x4, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f64_16x16x4f64, f64x4, (f64, f64, f64x4, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_f64_4x4x4f64, f64, (f64, f64, f64, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_i32_16x16x16i8, i32x4, (i32, i32, i32x4, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_i32_16x16x32_i8, i32x4, (i64, i64, i32x4, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_i32_16x16x4i8, i32x16, (i32, i32, i32x16, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_i32_32x32x16_i8, i32x16, (i64, i64, i32x16, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_i32_32x32x4i8, i32x32, (i32, i32, i32x32, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_i32_32x32x8i8, i32x16, (i32, i32, i32x16, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mfma_i32_4x4x4i8, i32x4, (i32, i32, i32x4, imm i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(mov_dpp, i32, (i32, imm i32, imm i32, imm i32, imm bool), (1, 1, 1, 1), "", emulated, "update_dpp whose unwritten lanes keep their own source value (on the GPU they are undefined)") \
  X(mov_dpp8, u32, (u32, imm u32), (1, 1, 1, 1), "", emulated, "wave collective: DPP8 (eight 3-bit lane selects per group of 8)") \
  X(mqsad_pk_u16_u8, u64, (u64, u32, u64), (1, 1, 1, 1), "", emulated, "exact (sums of absolute differences)") \
  X(mqsad_u32_u8, u32x4, (u64, u32, u32x4), (1, 1, 1, 1), "", emulated, "exact (sums of absolute differences)") \
  X(msad_u8, u32, (u32, u32, u32), (1, 1, 1, 1), "", emulated, "exact (sums of absolute differences)") \
  X(perm, u32, (u32, u32, u32), (1, 1, 1, 1), "", emulated, "exact (V_PERM_B32 byte selects, sign replication 8-11, 0x00 for 12, 0xFF for 13-15)") \
  X(permlane16, u32, (u32, u32, u32, u32, imm bool, imm bool), (1, 1, 1, 1), "", emulated, "wave collective: lane select within each 16-lane row from {src2, src1}; old/fi/bound_ctrl only matter for inactive lanes (none on the CPU)") \
  X(permlane16_var, u32, (u32, u32, u32, imm bool, imm bool), (1, 1, 0, 0), "gfx12-insts", emulated, "wave collective: per-lane select (src1[3:0]) within the row") \
  X(permlane64, u32, (u32), (1, 1, 1, 1), "", emulated, "wave collective: swaps the wave64 halves; a no-op in wave32") \
  X(permlanex16, u32, (u32, u32, u32, u32, imm bool, imm bool), (1, 1, 1, 1), "", emulated, "wave collective: as permlane16, reading the other row of the pair (0<->1, 2<->3)") \
  X(permlanex16_var, u32, (u32, u32, u32, imm bool, imm bool), (1, 1, 0, 0), "gfx12-insts", emulated, "wave collective: per-lane select from the other row of the pair") \
  X(qsad_pk_u16_u8, u64, (u64, u32, u64), (1, 1, 1, 1), "", emulated, "exact (sums of absolute differences)") \
  X(queue_ptr, void_constant_ptr, (), (1, 1, 1, 1), "", refused, "HSA dispatch-packet, kernel-argument and queue memory does not exist on the CPU") \
  X(raw_buffer_load_b128, u32x4, (rsrc, i32, i32, imm i32), (1, 1, 1, 1), "", refused, "buffer resources are not modelled (use plain pointers)") \
  X(raw_buffer_load_b16, u16, (rsrc, i32, i32, imm i32), (1, 1, 1, 1), "", refused, "buffer resources are not modelled (use plain pointers)") \
  X(raw_buffer_load_b32, u32, (rsrc, i32, i32, imm i32), (1, 1, 1, 1), "", refused, "buffer resources are not modelled (use plain pointers)") \
  X(raw_buffer_load_b64, u32x2, (rsrc, i32, i32, imm i32), (1, 1, 1, 1), "", refused, "buffer resources are not modelled (use plain pointers)") \
  X(raw_buffer_load_b8, u8, (rsrc, i32, i32, imm i32), (1, 1, 1, 1), "", refused, "buffer resources are not modelled (use plain pointers)") \
  X(raw_buffer_load_b96, u32x3, (rsrc, i32, i32, imm i32), (1, 1, 1, 1), "", refused, "buffer resources are not modelled (use plain pointers)") \
  X(raw_buffer_store_b128, void, (u32x4, rsrc, i32, i32, imm i32), (1, 1, 1, 1), "", refused, "buffer resources are not modelled (use plain pointers)") \
  X(raw_buffer_store_b16, void, (u16, rsrc, i32, i32, imm i32), (1, 1, 1, 1), "", refused, "buffer resources are not modelled (use plain pointers)") \
  X(raw_buffer_store_b32, void, (u32, rsrc, i32, i32, imm i32), (1, 1, 1, 1), "", refused, "buffer resources are not modelled (use plain pointers)") \
  X(raw_buffer_store_b64, void, (u32x2, rsrc, i32, i32, imm i32), (1, 1, 1, 1), "", refused, "buffer resources are not modelled (use plain pointers)") \
  X(raw_buffer_store_b8, void, (u8, rsrc, i32, i32, imm i32), (1, 1, 1, 1), "", refused, "buffer resources are not modelled (use plain pointers)") \
  X(raw_buffer_store_b96, void, (u32x3, rsrc, i32, i32, imm i32), (1, 1, 1, 1), "", refused, "buffer resources are not modelled (use plain pointers)") \
  X(rcp, f64, (f64), (1, 1, 1, 1), "", approximate, "the correctly rounded value; the GPU's instruction approximates it (about 1 ulp for f32/f16, coarser for f64)") \
  X(rcpf, f32, (f32), (1, 1, 1, 1), "", approximate, "the correctly rounded value; the GPU's instruction approximates it (about 1 ulp for f32/f16, coarser for f64)") \
  X(rcph, f16, (f16), (1, 1, 1, 1), "", approximate, "the correctly rounded value; the GPU's instruction approximates it (about 1 ulp for f32/f16, coarser for f64)") \
  X(read_exec, u64, (), (1, 1, 1, 1), "", emulated, "wave collective: every lane of a CPU wave at a wave function is active") \
  X(read_exec_hi, u32, (), (1, 1, 1, 1), "", emulated, "wave collective: every lane of a CPU wave at a wave function is active") \
  X(read_exec_lo, u32, (), (1, 1, 1, 1), "", emulated, "wave collective: every lane of a CPU wave at a wave function is active") \
  X(readfirstlane, i32, (i32), (1, 1, 1, 1), "", emulated, "wave collective: lane 0's value (all lanes of a CPU wave are active)") \
  X(readlane, i32, (i32, i32), (1, 1, 1, 1), "", emulated, "wave collective; the index is uniform (the first lane's, as the compiler's v_readfirstlane makes it), low 5/6 bits") \
  X(rsq, f64, (f64), (1, 1, 1, 1), "", approximate, "the correctly rounded value; the GPU's instruction approximates it (about 1 ulp for f32/f16, coarser for f64)") \
  X(rsq_clamp, f64, (f64), (1, 1, 1, 1), "", refused, "RDNA has no clamped rsq/log instruction") \
  X(rsq_clampf, f32, (f32), (1, 1, 1, 1), "", refused, "RDNA has no clamped rsq/log instruction") \
  X(rsqf, f32, (f32), (1, 1, 1, 1), "", approximate, "the correctly rounded value; the GPU's instruction approximates it (about 1 ulp for f32/f16, coarser for f64)") \
  X(rsqh, f16, (f16), (1, 1, 1, 1), "", approximate, "the correctly rounded value; the GPU's instruction approximates it (about 1 ulp for f32/f16, coarser for f64)") \
  X(s_barrier, void, (), (1, 1, 1, 1), "", emulated, "the block barrier (as __syncthreads)") \
  X(s_barrier_init, void, (i32, i32), (1, 1, 0, 0), "gfx12-insts", refused, "named barriers (only s_barrier_signal/s_barrier_wait with -1 are emulated)") \
  X(s_barrier_join, void, (i32), (1, 1, 0, 0), "gfx12-insts", refused, "named barriers (only s_barrier_signal/s_barrier_wait with -1 are emulated)") \
  X(s_barrier_leave, bool, (), (1, 1, 0, 0), "gfx12-insts", refused, "named barriers (only s_barrier_signal/s_barrier_wait with -1 are emulated)") \
  X(s_barrier_signal, void, (imm i32), (1, 1, 0, 0), "gfx12-insts", emulated, "only the workgroup barrier (-1): signal does nothing, wait is the block barrier; other ids refused at the call") \
  X(s_barrier_signal_isfirst, bool, (imm i32), (1, 1, 0, 0), "gfx12-insts", refused, "named barriers (only s_barrier_signal/s_barrier_wait with -1 are emulated)") \
  X(s_barrier_signal_isfirst_var, bool, (i32), (1, 1, 0, 0), "gfx12-insts", refused, "named barriers (only s_barrier_signal/s_barrier_wait with -1 are emulated)") \
  X(s_barrier_signal_var, void, (i32), (1, 1, 0, 0), "gfx12-insts", refused, "named barriers (only s_barrier_signal/s_barrier_wait with -1 are emulated)") \
  X(s_barrier_wait, void, (imm i16), (1, 1, 0, 0), "gfx12-insts", emulated, "only the workgroup barrier (-1): signal does nothing, wait is the block barrier; other ids refused at the call") \
  X(s_dcache_inv, void, (), (1, 1, 1, 1), "", emulated, "cache maintenance: the CPU's caches are coherent") \
  X(s_dcache_inv_vol, void, (), (1, 1, 1, 1), "", emulated, "cache maintenance: the CPU's caches are coherent") \
  X(s_dcache_wb, void, (), (1, 1, 1, 1), "", emulated, "cache maintenance: the CPU's caches are coherent") \
  X(s_decperflevel, void, (imm i32), (1, 1, 1, 1), "", emulated, "timing only: no effect on results") \
  X(s_get_barrier_state, u32, (i32), (1, 1, 0, 0), "gfx12-insts", refused, "named barriers (only s_barrier_signal/s_barrier_wait with -1 are emulated)") \
  X(s_getpc, u64, (), (1, 1, 1, 1), "", refused, "there is no GPU program counter") \
  X(s_getreg, u32, (imm i32), (1, 1, 1, 1), "", refused, "hardware registers (MODE, HW_ID, ...) are not modelled") \
  X(s_incperflevel, void, (imm i32), (1, 1, 1, 1), "", emulated, "timing only: no effect on results") \
  X(s_memrealtime, u64, (), (0, 0, 0, 0), "s-memrealtime", refused, "not available on gfx11 or gfx12") \
  X(s_memtime, u64, (), (0, 0, 0, 0), "s-memtime-inst", refused, "not available on gfx11 or gfx12") \
  X(s_sendmsg, void, (imm i32, u32), (1, 1, 1, 1), "", refused, "messages to the GPU's control processor") \
  X(s_sendmsg_rtn, u32, (imm u32), (1, 1, 1, 1), "", refused, "messages with a reply (doorbell, real-time counter, trap base) from the control processor") \
  X(s_sendmsg_rtnl, u64, (imm u32), (1, 1, 1, 1), "", refused, "messages with a reply (doorbell, real-time counter, trap base) from the control processor") \
  X(s_sendmsghalt, void, (imm i32, u32), (1, 1, 1, 1), "", refused, "messages to the GPU's control processor") \
  X(s_setprio, void, (imm i16), (1, 1, 1, 1), "", emulated, "timing only: no effect on results") \
  X(s_setreg, void, (imm i32, u32), (1, 1, 1, 1), "", refused, "hardware registers (MODE, HW_ID, ...) are not modelled") \
  X(s_sleep, void, (imm i32), (1, 1, 1, 1), "", emulated, "timing only: no effect on results") \
  X(s_sleep_var, void, (u32), (1, 1, 0, 0), "gfx12-insts", emulated, "timing only: no effect on results") \
  X(s_ttracedata, void, (i32), (1, 1, 1, 1), "", emulated, "thread-trace data: nothing records it on the CPU") \
  X(s_ttracedata_imm, void, (imm i16), (1, 1, 1, 1), "", emulated, "thread-trace data: nothing records it on the CPU") \
  X(s_wait_event_export_ready, void, (), (1, 1, 1, 1), "", refused, "graphics export events") \
  X(s_waitcnt, void, (imm i32), (1, 1, 1, 1), "", emulated, "no effect: CPU accesses complete in program order") \
  X(s_wakeup_barrier, void, (i32), (1, 1, 0, 0), "gfx12-insts", refused, "named barriers (only s_barrier_signal/s_barrier_wait with -1 are emulated)") \
  X(sad_hi_u8, u32, (u32, u32, u32), (1, 1, 1, 1), "", emulated, "exact (sums of absolute differences)") \
  X(sad_u16, u32, (u32, u32, u32), (1, 1, 1, 1), "", emulated, "exact (sums of absolute differences)") \
  X(sad_u8, u32, (u32, u32, u32), (1, 1, 1, 1), "", emulated, "exact (sums of absolute differences)") \
  X(sbfe, u32, (u32, u32, u32), (1, 1, 1, 1), "", emulated, "exact (bit-field extract, offset and width mod 32)") \
  X(sched_barrier, void, (imm i32), (1, 1, 1, 1), "", emulated, "scheduling hint: no effect on results; constant arguments checked") \
  X(sched_group_barrier, void, (imm i32, imm i32, imm i32), (1, 1, 1, 1), "", emulated, "scheduling hint: no effect on results; constant arguments checked") \
  X(sdot2, i32, (i16x2, i16x2, i32, imm bool), (0, 0, 0, 0), "dot2-insts", refused, "not available on gfx11 or gfx12") \
  X(sdot4, i32, (i32, i32, i32, imm bool), (0, 0, 0, 0), "dot1-insts", refused, "not available on gfx11 or gfx12") \
  X(sdot8, i32, (i32, i32, i32, imm bool), (0, 0, 0, 0), "dot1-insts", refused, "not available on gfx11 or gfx12") \
  X(set_fpenv, void, (u64), (1, 1, 1, 1), "", refused, "the MODE/TRAPSTS floating-point environment is not modelled: the emulator computes in the default mode") \
  X(sicmp, u64, (i32, i32, imm i32), (1, 1, 1, 1), "", emulated, "wave collective: lane mask of an LLVM integer comparison (predicates 32-41, others refused at the call)") \
  X(sicmpl, u64, (i64, i64, imm i32), (1, 1, 1, 1), "", emulated, "wave collective: lane mask of an LLVM integer comparison (predicates 32-41, others refused at the call)") \
  X(sinf, f32, (f32), (1, 1, 1, 1), "", approximate, "sin/cos of 2*pi*x (the instruction takes turns) from libm; the GPU approximates it") \
  X(sinh, f16, (f16), (1, 1, 1, 1), "", approximate, "sin/cos of 2*pi*x (the instruction takes turns) from libm; the GPU approximates it") \
  X(smfmac_f32_16x16x32_bf16, f32x4, (i16x4, i16x8, f32x4, i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(smfmac_f32_16x16x32_f16, f32x4, (f16x4, f16x8, f32x4, i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(smfmac_f32_16x16x64_bf8_bf8, f32x4, (i32x2, i32x4, f32x4, i32, imm i32, imm i32), (0, 0, 0, 0), "fp8-insts", refused, "not available on gfx11 or gfx12") \
  X(smfmac_f32_16x16x64_bf8_fp8, f32x4, (i32x2, i32x4, f32x4, i32, imm i32, imm i32), (0, 0, 0, 0), "fp8-insts", refused, "not available on gfx11 or gfx12") \
  X(smfmac_f32_16x16x64_fp8_bf8, f32x4, (i32x2, i32x4, f32x4, i32, imm i32, imm i32), (0, 0, 0, 0), "fp8-insts", refused, "not available on gfx11 or gfx12") \
  X(smfmac_f32_16x16x64_fp8_fp8, f32x4, (i32x2, i32x4, f32x4, i32, imm i32, imm i32), (0, 0, 0, 0), "fp8-insts", refused, "not available on gfx11 or gfx12") \
  X(smfmac_f32_32x32x16_bf16, f32x16, (i16x4, i16x8, f32x16, i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(smfmac_f32_32x32x16_f16, f32x16, (f16x4, f16x8, f32x16, i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(smfmac_f32_32x32x32_bf8_bf8, f32x16, (i32x2, i32x4, f32x16, i32, imm i32, imm i32), (0, 0, 0, 0), "fp8-insts", refused, "not available on gfx11 or gfx12") \
  X(smfmac_f32_32x32x32_bf8_fp8, f32x16, (i32x2, i32x4, f32x16, i32, imm i32, imm i32), (0, 0, 0, 0), "fp8-insts", refused, "not available on gfx11 or gfx12") \
  X(smfmac_f32_32x32x32_fp8_bf8, f32x16, (i32x2, i32x4, f32x16, i32, imm i32, imm i32), (0, 0, 0, 0), "fp8-insts", refused, "not available on gfx11 or gfx12") \
  X(smfmac_f32_32x32x32_fp8_fp8, f32x16, (i32x2, i32x4, f32x16, i32, imm i32, imm i32), (0, 0, 0, 0), "fp8-insts", refused, "not available on gfx11 or gfx12") \
  X(smfmac_i32_16x16x64_i8, i32x4, (i32x2, i32x4, i32x4, i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(smfmac_i32_32x32x32_i8, i32x16, (i32x2, i32x4, i32x16, i32, imm i32, imm i32), (0, 0, 0, 0), "mai-insts", refused, "not available on gfx11 or gfx12") \
  X(sqrt, f64, (f64), (1, 1, 1, 1), "", approximate, "the correctly rounded value; the GPU's instruction approximates it (about 1 ulp for f32/f16, coarser for f64)") \
  X(sqrtf, f32, (f32), (1, 1, 1, 1), "", approximate, "the correctly rounded value; the GPU's instruction approximates it (about 1 ulp for f32/f16, coarser for f64)") \
  X(sqrth, f16, (f16), (1, 1, 1, 1), "", approximate, "the correctly rounded value; the GPU's instruction approximates it (about 1 ulp for f32/f16, coarser for f64)") \
  X(sudot4, i32, (imm bool, i32, imm bool, i32, i32, imm bool), (1, 1, 1, 1), "", emulated, "exact integer dot products (clamp saturates)") \
  X(sudot8, i32, (imm bool, i32, imm bool, i32, i32, imm bool), (1, 1, 1, 1), "", emulated, "exact integer dot products (clamp saturates)") \
  X(swmmac_bf16_16x16x32_bf16_w32, i16x8, (i16x8, i16x16, i16x8, i16), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_bf16_16x16x32_bf16_w64, i16x4, (i16x4, i16x8, i16x4, i16), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_f16_16x16x32_f16_w32, f16x8, (f16x8, f16x16, f16x8, i16), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_f16_16x16x32_f16_w64, f16x4, (f16x4, f16x8, f16x4, i16), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_f32_16x16x32_bf16_w32, f32x8, (i16x8, i16x16, f32x8, i16), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_f32_16x16x32_bf16_w64, f32x4, (i16x4, i16x8, f32x4, i16), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_f32_16x16x32_bf8_bf8_w32, f32x8, (i32x2, i32x4, f32x8, i16), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_f32_16x16x32_bf8_bf8_w64, f32x4, (i32, i32x2, f32x4, i16), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_f32_16x16x32_bf8_fp8_w32, f32x8, (i32x2, i32x4, f32x8, i16), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_f32_16x16x32_bf8_fp8_w64, f32x4, (i32, i32x2, f32x4, i16), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_f32_16x16x32_f16_w32, f32x8, (f16x8, f16x16, f32x8, i16), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_f32_16x16x32_f16_w64, f32x4, (f16x4, f16x8, f32x4, i16), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_f32_16x16x32_fp8_bf8_w32, f32x8, (i32x2, i32x4, f32x8, i16), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_f32_16x16x32_fp8_bf8_w64, f32x4, (i32, i32x2, f32x4, i16), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_f32_16x16x32_fp8_fp8_w32, f32x8, (i32x2, i32x4, f32x8, i16), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_f32_16x16x32_fp8_fp8_w64, f32x4, (i32, i32x2, f32x4, i16), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_i32_16x16x32_iu4_w32, i32x8, (imm bool, i32, imm bool, i32x2, i32x8, i16, imm bool), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_i32_16x16x32_iu4_w64, i32x4, (imm bool, i32, imm bool, i32, i32x4, i16, imm bool), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_i32_16x16x32_iu8_w32, i32x8, (imm bool, i32x2, imm bool, i32x4, i32x8, i16, imm bool), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_i32_16x16x32_iu8_w64, i32x4, (imm bool, i32, imm bool, i32x2, i32x4, i16, imm bool), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_i32_16x16x64_iu4_w32, i32x8, (imm bool, i32x2, imm bool, i32x4, i32x8, i16, imm bool), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(swmmac_i32_16x16x64_iu4_w64, i32x4, (imm bool, i32, imm bool, i32x2, i32x4, i16, imm bool), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(trig_preop, f64, (f64, i32), (1, 1, 1, 1), "", refused, "a step of libm's trigonometric argument reduction (use sin, cos)") \
  X(trig_preopf, f32, (f32, i32), (1, 1, 1, 1), "", refused, "a step of libm's trigonometric argument reduction (use sin, cos)") \
  X(ubfe, u32, (u32, u32, u32), (1, 1, 1, 1), "", emulated, "exact (bit-field extract, offset and width mod 32)") \
  X(udot2, u32, (u16x2, u16x2, u32, imm bool), (0, 0, 0, 0), "dot2-insts", refused, "not available on gfx11 or gfx12") \
  X(udot4, u32, (u32, u32, u32, imm bool), (1, 1, 1, 1), "", emulated, "exact integer dot products (clamp saturates)") \
  X(udot8, u32, (u32, u32, u32, imm bool), (1, 1, 1, 1), "", emulated, "exact integer dot products (clamp saturates)") \
  X(uicmp, u64, (u32, u32, imm i32), (1, 1, 1, 1), "", emulated, "wave collective: lane mask of an LLVM integer comparison (predicates 32-41, others refused at the call)") \
  X(uicmpl, u64, (u64, u64, imm i32), (1, 1, 1, 1), "", emulated, "wave collective: lane mask of an LLVM integer comparison (predicates 32-41, others refused at the call)") \
  X(update_dpp, i32, (i32, i32, imm i32, imm i32, imm i32, imm bool), (1, 1, 1, 1), "", emulated, "wave collective: DPP16 quad_perm, row_shl/shr/ror, row_mirror, row_half_mirror, row_share, row_xmask; row/bank masks keep old; bound_ctrl; GCN-only controls refused at the call") \
  X(wave_barrier, void, (), (1, 1, 1, 1), "", emulated, "wave collective without data: every lane arrives before any continues (orders intra-wave LDS exchanges on the CPU too)") \
  X(wavefrontsize, u32, (), (1, 1, 1, 1), "", emulated, "the compiled wave size (a constant)") \
  X(wmma_bf16_16x16x16_bf16_tied_w32, i16x16, (i16x16, i16x16, i16x16, imm bool), (1, 0, 1, 0), "gfx11-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_bf16_16x16x16_bf16_tied_w64, i16x8, (i16x16, i16x16, i16x8, imm bool), (0, 1, 0, 1), "gfx11-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_bf16_16x16x16_bf16_w32, i16x16, (i16x16, i16x16, i16x16, imm bool), (1, 0, 1, 0), "gfx11-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_bf16_16x16x16_bf16_w32_gfx12, i16x8, (i16x8, i16x8, i16x8), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_bf16_16x16x16_bf16_w64, i16x8, (i16x16, i16x16, i16x8, imm bool), (0, 1, 0, 1), "gfx11-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_bf16_16x16x16_bf16_w64_gfx12, i16x4, (i16x4, i16x4, i16x4), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f16_16x16x16_f16_tied_w32, f16x16, (f16x16, f16x16, f16x16, imm bool), (1, 0, 1, 0), "gfx11-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f16_16x16x16_f16_tied_w64, f16x8, (f16x16, f16x16, f16x8, imm bool), (0, 1, 0, 1), "gfx11-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f16_16x16x16_f16_w32, f16x16, (f16x16, f16x16, f16x16, imm bool), (1, 0, 1, 0), "gfx11-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f16_16x16x16_f16_w32_gfx12, f16x8, (f16x8, f16x8, f16x8), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f16_16x16x16_f16_w64, f16x8, (f16x16, f16x16, f16x8, imm bool), (0, 1, 0, 1), "gfx11-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f16_16x16x16_f16_w64_gfx12, f16x4, (f16x4, f16x4, f16x4), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f32_16x16x16_bf16_w32, f32x8, (i16x16, i16x16, f32x8), (1, 0, 1, 0), "gfx11-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f32_16x16x16_bf16_w32_gfx12, f32x8, (i16x8, i16x8, f32x8), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f32_16x16x16_bf16_w64, f32x4, (i16x16, i16x16, f32x4), (0, 1, 0, 1), "gfx11-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f32_16x16x16_bf16_w64_gfx12, f32x4, (i16x4, i16x4, f32x4), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f32_16x16x16_bf8_bf8_w32_gfx12, f32x8, (i32x2, i32x2, f32x8), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f32_16x16x16_bf8_bf8_w64_gfx12, f32x4, (i32, i32, f32x4), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f32_16x16x16_bf8_fp8_w32_gfx12, f32x8, (i32x2, i32x2, f32x8), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f32_16x16x16_bf8_fp8_w64_gfx12, f32x4, (i32, i32, f32x4), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f32_16x16x16_f16_w32, f32x8, (f16x16, f16x16, f32x8), (1, 0, 1, 0), "gfx11-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f32_16x16x16_f16_w32_gfx12, f32x8, (f16x8, f16x8, f32x8), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f32_16x16x16_f16_w64, f32x4, (f16x16, f16x16, f32x4), (0, 1, 0, 1), "gfx11-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f32_16x16x16_f16_w64_gfx12, f32x4, (f16x4, f16x4, f32x4), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f32_16x16x16_fp8_bf8_w32_gfx12, f32x8, (i32x2, i32x2, f32x8), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f32_16x16x16_fp8_bf8_w64_gfx12, f32x4, (i32, i32, f32x4), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f32_16x16x16_fp8_fp8_w32_gfx12, f32x8, (i32x2, i32x2, f32x8), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_f32_16x16x16_fp8_fp8_w64_gfx12, f32x4, (i32, i32, f32x4), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_i32_16x16x16_iu4_w32, i32x8, (imm bool, i32x2, imm bool, i32x2, i32x8, imm bool), (1, 0, 1, 0), "gfx11-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_i32_16x16x16_iu4_w32_gfx12, i32x8, (imm bool, i32, imm bool, i32, i32x8, imm bool), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_i32_16x16x16_iu4_w64, i32x4, (imm bool, i32x2, imm bool, i32x2, i32x4, imm bool), (0, 1, 0, 1), "gfx11-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_i32_16x16x16_iu4_w64_gfx12, i32x4, (imm bool, i32, imm bool, i32, i32x4, imm bool), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_i32_16x16x16_iu8_w32, i32x8, (imm bool, i32x4, imm bool, i32x4, i32x8, imm bool), (1, 0, 1, 0), "gfx11-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_i32_16x16x16_iu8_w32_gfx12, i32x8, (imm bool, i32x2, imm bool, i32x2, i32x8, imm bool), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_i32_16x16x16_iu8_w64, i32x4, (imm bool, i32x4, imm bool, i32x4, i32x4, imm bool), (0, 1, 0, 1), "gfx11-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_i32_16x16x16_iu8_w64_gfx12, i32x4, (imm bool, i32, imm bool, i32, i32x4, imm bool), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_i32_16x16x32_iu4_w32_gfx12, i32x8, (imm bool, i32x2, imm bool, i32x2, i32x8, imm bool), (1, 0, 0, 0), "gfx12-insts,wavefrontsize32", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(wmma_i32_16x16x32_iu4_w64_gfx12, i32x4, (imm bool, i32, imm bool, i32, i32x4, imm bool), (0, 1, 0, 0), "gfx12-insts,wavefrontsize64", matrix, "the instruction table (matrix_builtins.hpp)") \
  X(workgroup_id_x, u32, (), (1, 1, 1, 1), "", emulated, "the lane's launch coordinates") \
  X(workgroup_id_y, u32, (), (1, 1, 1, 1), "", emulated, "the lane's launch coordinates") \
  X(workgroup_id_z, u32, (), (1, 1, 1, 1), "", emulated, "the lane's launch coordinates") \
  X(workgroup_size_x, u16, (), (1, 1, 1, 1), "", emulated, "the lane's launch coordinates") \
  X(workgroup_size_y, u16, (), (1, 1, 1, 1), "", emulated, "the lane's launch coordinates") \
  X(workgroup_size_z, u16, (), (1, 1, 1, 1), "", emulated, "the lane's launch coordinates") \
  X(workitem_id_x, u32, (), (1, 1, 1, 1), "", emulated, "the lane's launch coordinates") \
  X(workitem_id_y, u32, (), (1, 1, 1, 1), "", emulated, "the lane's launch coordinates") \
  X(workitem_id_z, u32, (), (1, 1, 1, 1), "", emulated, "the lane's launch coordinates")
// clang-format on
