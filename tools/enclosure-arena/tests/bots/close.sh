# Answers [START], then closes its stdout and keeps running.
read line; echo "[POS] 3 7"
exec >&-
sleep 30
