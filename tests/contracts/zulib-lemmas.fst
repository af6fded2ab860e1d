(* zulib-lemmas: every lemma of Zulib v0.3.43 (a val whose type is a
   Lemma, and the let-lemmas of the machine integer modules), called as a
   contract may call them where its types need them: with e1; e2
   sequencing.  Extraction erases a lemma, so each call is unit and runs
   nothing: Zen.List.length_cons (1 / 0) [] does not divide.  Arguments
   are () but where a run would notice.
   main's count (zen-contracts(7) ELABORATION): a sequence is the sum of
   its parts; each call is an application, 1 per argument, (1 / 0) one
   more operator of 2 arguments, and RT.ok @ { ... } 5: the sum of the
   lemmas' 77 arities is 131, and Prims' three proofs of Pure unit
   (_assert, assert_spinoff, cut: lemmas at run time) take one each:
   134 + 2 + 5 = 141.  No Zulib
   cost: a lemma costs nothing. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module RT = Zen.ResultT
module CR = Zen.ContractResult

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 141
let main txSkel context contractId command sender messageBody wallet state =
  FStar.Pervasives.Native.normalize_term_spec ();
  FStar.Pervasives.Native.normalize_spec ();
  FStar.Pervasives.Native.norm_spec () ();
  Zen.Base.cast_id () ();
  Zen.Base.retype_id () ();
  Zen.Cost.Realized.left_id () ();
  Zen.Cost.Realized.right_id ();
  Zen.Cost.Realized.assoc () () ();
  Zen.Cost.Realized.force_ret ();
  Zen.Cost.Realized.force_inc () ();
  Zen.Cost.Realized.force_bind () ();
  Zen.Cost.Realized.force_bind_inc () ();
  Zen.Cost.Extracted.force_bind2 () () ();
  Zen.Cost.Extracted.force_bind3 () () () ();
  Zen.Cost.Extracted.force_map () ();
  Zen.Cost.Extracted.force_ap () ();
  Zen.Cost.Extracted.force_kleisli () ();
  Zen.Integers.p2_m_plus_n () ();
  Zen.Integers.p2_double ();
  Zen.Integers.p2_0 ();
  Zen.Integers.p2_1 ();
  Zen.Integers.p2_2 ();
  Zen.Integers.p2_4 ();
  Zen.Integers.p2_8 ();
  Zen.Integers.p2_16 ();
  Zen.Integers.p2_32 ();
  Zen.Integers.p2_64 ();
  Zen.Integers.p2_128 ();
  Zen.Integers.p2_values ();
  FStar.String.string_is_bytearray ();
  FStar.String.length_eqiv ();
  Zen.Dictionary.dictionary_containsKey_size () ();
  Zen.Dictionary.dictionary_nonempty_containsKey ();
  Zen.Dictionary.tryFind_ContainsKey () ();
  Zen.Dictionary.add_size () () ();
  Zen.Dictionary.add_key_exist () () ();
  Zen.Dictionary.add_key_exist_negative () () ();
  Zen.Dictionary.add_tryFind () () ();
  Zen.Dictionary.remove_size () ();
  Zen.Dictionary.remove_key () ();
  Zen.Dictionary.remove_key_negative () ();
  Zen.Dictionary.remove_tryFind () ();
  Zen.Dictionary.empty_size ();
  Zen.Dictionary.empty_unique ();
  Zen.Dictionary.empty_ContainsKey ();
  Zen.Dictionary.force_mapT_length () ();
  Zen.Set.add_contains () ();
  Zen.Set.add_contains_invariant () () ();
  Zen.Set.add_count () ();
  Zen.Set.remove_contains () ();
  Zen.Set.remove_contains_invariant () () ();
  Zen.Set.remove_count () ();
  Zen.Set.empty_contains ();
  Zen.Set.empty_count ();
  Zen.Set.empty_unique ();
  Zen.Array.Base.empty_uniq ();
  Zen.Array.Base.ofList_get () ();
  Zen.List.length_cons (1 / 0) [];
  Zen.List.force_append_length () ();
  Zen.List.init_pure_force_cons () ();
  Zen.List.init_pure_length () ();
  Zen.List.force_mapT_cons () ();
  Zen.List.force_mapT_length () ();
  Zen.List.force_map_length () ();
  Zen.List.force_intersperse_length () ();
  FStar.UInt8.uv_inv ();
  FStar.UInt8.vu_inv ();
  FStar.UInt8.v_inj () ();
  FStar.UInt32.uv_inv ();
  FStar.UInt32.vu_inv ();
  FStar.UInt32.v_inj () ();
  FStar.UInt64.uv_inv ();
  FStar.UInt64.vu_inv ();
  FStar.UInt64.v_inj () ();
  FStar.Int64.uv_inv ();
  FStar.Int64.vu_inv ();
  FStar.Int64.v_inj () ();
  Prims._assert ();
  Prims.assert_spinoff ();
  Prims.cut ();
  RT.ok @ { tx = txSkel; message = None; state = NoChange }

val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 141
