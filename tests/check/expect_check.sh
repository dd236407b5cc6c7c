#!/bin/sh
# expect_check.sh STATUS [TEXT...] [!TEXT...] -- COMMAND...: runs COMMAND (a `wmmasim check` run);
# passes when it exits with STATUS, its output (stdout and stderr) contains every TEXT and none of
# the texts given as !TEXT.
want_status=$1
shift
texts_file=$(mktemp)
trap 'rm -f "$texts_file"' EXIT
while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do
  printf '%s\n' "$1" >>"$texts_file"
  shift
done
shift
output=$("$@" 2>&1)
status=$?
printf '%s\n' "$output"
failed=0
if [ "$status" -ne "$want_status" ]; then
  echo "expect_check.sh: exit status $status, expected $want_status" >&2
  failed=1
fi
while IFS= read -r text; do
  case $text in
    !*)
      case $output in *"${text#!}"*) echo "expect_check.sh: the output contains: ${text#!}" >&2; failed=1 ;; esac ;;
    *)
      case $output in *"$text"*) ;; *) echo "expect_check.sh: the output does not contain: $text" >&2; failed=1 ;; esac ;;
  esac
done <"$texts_file"
exit $failed
