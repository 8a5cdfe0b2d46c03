# Never answers [START].
read line; sleep 30
