#!/bin/sh
# expect_one_error.sh LOCATION TEXT COMMAND...: runs a compile that must fail; passes when it exits
# non-zero with exactly one error, at LOCATION (file:line:), whose sentence contains TEXT (a wrong
# builtin call gets one error at the user's line, not a cascade).
want_location=$1
want_text=$2
shift 2
output=$("$@" 2>&1)
status=$?
printf '%s\n' "$output"
if [ "$status" -eq 0 ]; then
  echo "expect_one_error.sh: the compile succeeded" >&2
  exit 1
fi
errors=$(printf '%s\n' "$output" | grep -c ': error: ')
if [ "$errors" -ne 1 ]; then
  echo "expect_one_error.sh: $errors errors, expected exactly one" >&2
  exit 1
fi
error=$(printf '%s\n' "$output" | grep ': error: ')
case $error in
  *"$want_location"*) ;;
  *) echo "expect_one_error.sh: the error is not at $want_location" >&2; exit 1 ;;
esac
case $error in
  *"$want_text"*) exit 0 ;;
esac
echo "expect_one_error.sh: the error does not contain: $want_text" >&2
exit 1
