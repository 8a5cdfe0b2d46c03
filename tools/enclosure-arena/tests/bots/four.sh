# A bot written for the statement's four players, as public NOI bots are: every
# [STATUS] must hold exactly 21 + 3 * nTraps numbers (four seats, nTraps, traps),
# else it stops answering (and dies of timeout). Plays "r 0" then stays.
# Usage: four.sh X Y
read tag seat || exit 0
echo "[POS] $1 $2"
turn=0
while read -r tag rest; do
    set -- $rest
    [ "$#" -ge 21 ] || exec sleep 30
    traps=$(eval echo \${21})
    [ "$#" -eq $((21 + 3 * traps)) ] || exec sleep 30
    turn=$((turn + 1))
    if [ "$turn" -eq 1 ]; then echo "[ACTION] r 0"; else echo "[ACTION] s 0"; fi
done
