#!/bin/sh
# expect.sh STATUS TEXT COMMAND...: runs COMMAND; passes when it exits with STATUS and its output
# (stdout and stderr together) contains TEXT, and not EXPECT_ABSENT when that is set. Used for
# programs whose success is a failure.
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
if [ -n "${EXPECT_ABSENT:-}" ]; then
  case $output in
    *"$EXPECT_ABSENT"*)
      echo "expect.sh: the output contains: $EXPECT_ABSENT" >&2
      exit 1 ;;
  esac
fi
case $output in
  *"$want_text"*) exit 0 ;;
esac
echo "expect.sh: the output does not contain: $want_text" >&2
exit 1
