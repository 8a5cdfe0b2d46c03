# Says "early noise" on stderr while playing; ignores the end of its input and
# then shouts "late noise" and crashes a child (the shell then reports
# "Segmentation fault" on its stderr). None of that may reach the terminal.
read line; echo "early noise" >&2; echo "[POS] 6 6"
while read line; do echo "[ACTION] s 0"; done
echo "late noise" >&2
sh -c 'kill -SEGV $$'
sleep 0.1
echo "later noise" >&2
