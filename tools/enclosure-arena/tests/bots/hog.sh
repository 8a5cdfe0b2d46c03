# Holds MIB MiB in a shell variable from its first answer on, then stays put.
# Usage: hog.sh MIB
read tag seat || exit 0
held=$(head -c $(($1 * 1048576)) /dev/zero | tr '\0' a)
echo "[POS] 8 8"
while read line; do echo "[ACTION] s 0"; done
