#!/bin/sh
# expect.sh STATUS TEXT COMMAND...: runs COMMAND; passes when it exits with STATUS and its output
# (stdout and stderr together) contains TEXT. Used for programs whose success is a failure.
want_status=$1
want_text=$2
shift 2
output=$("$@" 2>&1)
status=$?
printf '%s\n' "$output"
if [ "$status" -ne "$want_status" ]; then
  echo "expect.sh: exit status $status, expected $want_status" >&2
  exit 1
fi
case $output in
  *"$want_text"*) exit 0 ;;
esac
echo "expect.sh: the output does not contain: $want_text" >&2
exit 1
