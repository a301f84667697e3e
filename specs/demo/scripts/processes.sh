#!/bin/sh
# Prints a spec: this machine's processes as a table (the "Processes" demo screen).
# Each process is a row written in the spec, so `s` can sort by any column.
ps -eo pid=,user=,pcpu=,pmem=,rss=,comm= | awk '
function esc(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); gsub(/\t/, " ", s); return s }
BEGIN {
  print "{"
  print "  \"title\": \"Processes\","
  print "  \"sections\": [{"
  print "    \"columns\": ["
  print "      { \"title\": \"PID\", \"value\": \"{{pid}}\", \"align\": \"right\" },"
  print "      { \"title\": \"User\", \"value\": \"{{user}}\", \"max\": 12, \"shrink\": 2 },"
  print "      { \"title\": \"CPU%\", \"value\": \"{{cpu}}\", \"align\": \"right\" },"
  print "      { \"title\": \"Mem%\", \"value\": \"{{mem}}\", \"align\": \"right\", \"hide\": 2 },"
  print "      { \"title\": \"RSS\", \"value\": \"{{rss}}K\", \"align\": \"right\", \"hide\": 1 },"
  print "      { \"title\": \"Command\", \"value\": \"{{title}}\" }"
  print "    ],"
  print "    \"rows\": ["
  first = 1
}
{
  command = $6
  for (i = 7; i <= NF; i++) command = command " " $i
  if (!first) print ","
  first = 0
  printf "      { \"title\": \"%s\", \"pid\": %s, \"user\": \"%s\", \"cpu\": %s, \"mem\": %s, \"rss\": %s, \"action\": { \"type\": \"exec\", \"command\": [\"ps\", \"-o\", \"pid,ppid,user,lstart,args\", \"-p\", \"{{pid}}\"], \"wait\": true } }", esc(command), $1, esc($2), $3, $4, $5
}
END {
  print ""
  print "    ]"
  print "  }]"
  print "}"
}'
