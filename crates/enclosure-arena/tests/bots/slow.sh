# Answers every request, but too late for a short step limit (0.5 s).
read line; echo "[POS] 8 8"
while read line; do sleep 0.5; echo "[ACTION] s 0"; done
