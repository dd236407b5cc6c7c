#!/bin/sh
# check_program.sh MODE TEXT PROGRAM [ARGS...]: runs a HIP program built by wmmasim-hipcc twice, plain
# and under WMMASIM_CHECK_LAYOUTS=1 (with the caller's WMMASIM_CHECK_SHAPES, if set). Passes when
# both exit 0 and print the same stdout (the check must not change what the program shows), the
# checked run's stderr contains TEXT (if not empty), and it has layout errors exactly when MODE is
# "error" (MODE "clean": no error; notes are allowed). With CHECK_PROGRAM_RECORD=1 both runs are
# also recorded (WMMASIM_RECORD), and the checked run must record as many launches as the plain one.
mode=$1
text=$2
shift 2
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
record_plain= record_checked=
if [ "${CHECK_PROGRAM_RECORD:-0}" = 1 ]; then
  record_plain="WMMASIM_RECORD=$dir/plain.json"
  record_checked="WMMASIM_RECORD=$dir/checked.json"
fi
env -u WMMASIM_CHECK_SHAPES WMMASIM_CHECK_LAYOUTS=0 $record_plain "$@" >"$dir/plain.out" 2>"$dir/plain.err"
plain=$?
env WMMASIM_CHECK_LAYOUTS=1 $record_checked "$@" >"$dir/checked.out" 2>"$dir/checked.err"
checked=$?
echo "--- plain run (status $plain)"
cat "$dir/plain.out" "$dir/plain.err"
echo "--- checked run (status $checked)"
cat "$dir/checked.out" "$dir/checked.err"
fail=0
if [ "$plain" -ne 0 ] || [ "$checked" -ne 0 ]; then
  echo "check_program.sh: exit status $plain plain, $checked checked; expected 0 for both" >&2
  fail=1
fi
if ! cmp -s "$dir/plain.out" "$dir/checked.out"; then
  echo "check_program.sh: the checked run's stdout differs from the plain run's:" >&2
  diff "$dir/plain.out" "$dir/checked.out" | head -20 >&2
  fail=1
fi
if [ -n "$text" ] && ! grep -qF -- "$text" "$dir/checked.err"; then
  echo "check_program.sh: the checked run's stderr does not contain: $text" >&2
  fail=1
fi
if ! grep -q "wmmasim: layout check: " "$dir/checked.err"; then
  echo "check_program.sh: the checked run printed no layout check summary" >&2
  fail=1
fi
if [ -n "$record_plain" ]; then
  seen_plain=$(grep -o '"launches_seen": *[0-9]*' "$dir/plain.json")
  seen_checked=$(grep -o '"launches_seen": *[0-9]*' "$dir/checked.json")
  echo "--- recorded: plain $seen_plain, checked $seen_checked"
  if [ -z "$seen_plain" ] || [ "$seen_plain" != "$seen_checked" ]; then
    echo "check_program.sh: the checked run's record differs in its launches from the plain run's" >&2
    fail=1
  fi
fi
errors=$(grep -c ": error: " "$dir/checked.err")
case $mode in
  clean) [ "$errors" -eq 0 ] || { echo "check_program.sh: expected no layout error, got $errors" >&2; fail=1; } ;;
  error) [ "$errors" -gt 0 ] || { echo "check_program.sh: expected a layout error, got none" >&2; fail=1; } ;;
  *) echo "check_program.sh: MODE must be clean or error" >&2; fail=1 ;;
esac
exit $fail
