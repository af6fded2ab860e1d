(* zcov-string: FStar.String strlen, at, cat, toChars, ofChars and
   FStar.Char lowercase, uppercase.  Strings are byte strings (a string is
   an array of FStar.Char.t = UInt8); `at` returns a one-byte string.
   lowercase / uppercase change only ASCII letters: the ends of each
   range ('A' 65, 'Z' 90; 'a' 97, 'z' 122) and their neighbours ('@' 64,
   '[' 91, '`' 96, '{' 123) are all in the test string.  main stores
   eight values in its state.
   (FStar.String.strcat is `private` in Zulib v0.3.43's FStar.String.fsti,
   so no contract can name it; it is left out here.) *)
open Zen.Types
open Zen.Base
open Zen.Cost

module S = FStar.String
module Ch = FStar.Char
module A = Zen.Array
module U64 = FStar.UInt64
module CR = Zen.ContractResult

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 178
let main txSkel context contractId command sender messageBody wallet state =
  let n = S.strlen "hello" in                  // 5
  let c = S.at "hello" 1 in                    // "e"
  let! s = S.cat "ab" "cde" in                 // "abcde"
  let cs = S.toChars "AZ@[az`{" in             // 8 bytes
  let! lo = A.map Ch.lowercase cs in           // "az@[az`{"
  let! up = A.map Ch.uppercase cs in           // "AZ@[AZ`{"
  let! b1 = Ch.lowercase 77uy in               // 'M' 77 -> 'm' 109
  let! b2 = Ch.uppercase 109uy in              // 'm' 109 -> 'M' 77
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [
        U64 (U64.uint_to_t n); String c; String s;
        U64 (U64.uint_to_t (A.length cs));
        String (S.ofChars lo); String (S.ofChars up);
        Byte b1; Byte b2 ]))

// Values: strlen "hello" = 5; at "hello" 1 = "e" (0-based); cat = "abcde";
//   toChars keeps the 8 bytes (A.length 8); lowercase maps 65 -> 97 and
//   90 -> 122 and leaves 64, 91, 97, 122, 96, 123: "az@[az`{"; uppercase
//   maps 97 -> 65 and 122 -> 90 and leaves the rest: "AZ@[AZ`{"; ofChars
//   turns the byte arrays back into strings.
// main's count (contracts.md 1.10): let n: strlen 1 arg 1; let c: at 2
//   args 2; let! s: 2 + cat 2 = 4; let cs: toChars 1; let! lo: 2 +
//   A.map 2 = 4; let! up 4; let! b1: 2 + lowercase 1 = 3;
//   let! b2 3: 22.  Last line: >>= 2 + ofTxSkel 1 + setStateUpdate 1 +
//   Collection 1 + List 1 + list of 8 (2 * 8) 16 = 22, elements:
//   U64 (uint_to_t n) 2, String c 1, String s 1, U64 (uint_to_t
//   (A.length cs)) 3, String (ofChars lo) 2, String (ofChars up) 2,
//   Byte b1 1, Byte b2 1 = 13: 35.  22 + 35 = 57.
// Zulib: cat 2 + 3 + 2 = 7; A.map with lowercase (n = 2) over 8 bytes:
//   8 * (2 + 4) + 4 = 52, the same with uppercase 52; lowercase 2,
//   uppercase 2; strlen, at, toChars, ofChars 0; ofTxSkel 3 +
//   setStateUpdate 3 = 6.  121.
// Total 57 + 121 = 178.
// case: x | - | 178 | 178 | OK in=[] out=[] S=[u64:5,str:e,str:abcde,u64:8,str:az@[az`{,str:AZ@[AZ`{,byte:109,byte:77]
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 178
