# Answers [START], then hangs in a grandchild process (sh waits on sleep):
# killing only sh would leave sleep behind. Writes both pids to PIDFILE.
pidfile=$1
read line; echo "[POS] 2 2"
read line
sleep 30 & echo "$$ $!" > "$pidfile"
wait
