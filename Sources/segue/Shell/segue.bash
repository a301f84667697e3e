# Segue's key bindings and **<Tab> completion for bash (4 or newer), printed by `segue --bash`.
# Set up with this line in ~/.bashrc:   eval "$(segue --bash)"
#
#   CTRL-T   files and folders under the current folder, put at the cursor (Tab marks several)
#   CTRL-R   the history, newest first; the chosen command is put on the line to edit
#   ALT-C    a folder under the current one to cd into; folders chosen before come first
#   **<Tab>  paths after any command, hosts after ssh/scp, pids after kill, variables after
#            export/unset (vim src/**<Tab>)
#
# SEGUE_CTRL_T_COMMAND, SEGUE_ALT_C_COMMAND: a command listing what to pick (the file walker by
# default); set to an empty value, the binding is not made. SEGUE_CTRL_R_COMMAND= empty leaves
# CTRL-R alone. SEGUE_CTRL_T_OPTS, SEGUE_CTRL_R_OPTS, SEGUE_ALT_C_OPTS, SEGUE_COMPLETION_OPTS:
# options for each, after SEGUE_DEFAULT_OPTS (so they win). SEGUE_COMPLETION_TRIGGER: '**' by
# default; empty, no completion is set up. See docs/shell.md.

if [[ $- == *i* ]] && ((BASH_VERSINFO[0] >= 4)); then

# The options a widget runs segue with: the widget's own, then SEGUE_DEFAULT_OPTS, then the
# user's for this widget, so that later ones win; segue reads them from SEGUE_DEFAULT_OPTS.
__segue_options() {
  builtin printf '%s' "--height 40% $1 ${SEGUE_DEFAULT_OPTS-} $2"
}

# Where ALT-C keeps the folders chosen (Segue's state folder, as its other state files).
__segue_state() {
  builtin printf '%s' "${XDG_STATE_HOME:-$HOME/.local/state}/segue/$1"
}

# The paths to pick from, NUL-ended: $1 the custom command's variable value (lines), $2 the
# walker's kinds, $3 its root; the options follow.
__segue_pick_paths() {
  local command=$1 kinds=$2 root=$3
  shift 3
  if [[ -n $command ]]; then
    eval "$command" | segue --print0 "$@"
  else
    segue --walker "$kinds" --walker-root "$root" --print0 "$@"
  fi
}

__segue_preview='if [ -d {} ]; then ls -Ap {}; elif [ -f {} ]; then head -n 200 {}; else ls -l {}; fi'

# CTRL-T
__segue_file_widget() {
  local selected="" item
  while IFS= read -r -d '' item; do
    selected+=$(builtin printf '%q' "$item")' '
  done < <(SEGUE_DEFAULT_OPTS=$(__segue_options "--multi --prompt 'file> ' --preview '$__segue_preview'" "${SEGUE_CTRL_T_OPTS-}") \
    __segue_pick_paths "${SEGUE_CTRL_T_COMMAND-}" file,dir,follow,hidden .)
  READLINE_LINE="${READLINE_LINE:0:READLINE_POINT}$selected${READLINE_LINE:READLINE_POINT}"
  READLINE_POINT=$((READLINE_POINT + ${#selected}))
}

# The history as "time<TAB>command" items, NUL-ended, newest first, each command once (its
# newest), multi-line commands whole; the time (dim) only where HISTTIMEFORMAT says to keep it.
__segue_history_items() {
  HISTTIMEFORMAT=$'\x1e'"${HISTTIMEFORMAT:+%F %T}"$'\x1f' builtin history |
    command perl -e '
      my @entries;
      while (my $line = <STDIN>) {
        chomp $line;
        if ($line =~ /^ *\d+\*? +\x1e(.*?)\x1f(.*)$/s) { push @entries, [$1, $2] }
        elsif (@entries) { $entries[-1][1] .= "\n$line" }
      }
      my %seen;
      for my $entry (reverse @entries) {
        my ($time, $command) = @$entry;
        next if $command =~ /^\s*$/ || $seen{$command}++;
        print(($time eq "" ? "" : "\e[2m$time\e[0m") . "\t$command\0");
      }'
}

# CTRL-R
__segue_history_widget() {
  local output
  output=$(__segue_history_items |
    SEGUE_DEFAULT_OPTS=$(__segue_options "--read0 --ansi --delimiter '\t' --nth 2.. --prompt 'history> '" "${SEGUE_CTRL_R_OPTS-}") \
      segue --query "$READLINE_LINE") || return
  READLINE_LINE=${output#*$'\t'}
  READLINE_POINT=0x7fffffff
}

# ALT-C: prints the cd command the binding then runs, so the prompt shows the new folder.
__segue_cd() {
  local dir
  dir=$(SEGUE_DEFAULT_OPTS=$(__segue_options "--prompt 'cd> ' --frecency '$(__segue_state alt-c.json)' --preview 'ls -Ap {}'" "${SEGUE_ALT_C_OPTS-}") \
    __segue_pick_paths "${SEGUE_ALT_C_COMMAND-}" dir,follow,hidden . | command tr -d '\0') &&
    [[ -n $dir ]] && builtin printf 'builtin cd -- %q' "$(builtin unset CDPATH && builtin cd -- "$dir" && builtin pwd)"
}

# Readline redraws the line on this sequence, which the completion asks the terminal to send.
bind '"\e[0n": redraw-current-line' 2> /dev/null
bind -m emacs-standard '"\C-\e(": redraw-current-line'

if [[ ${SEGUE_CTRL_T_COMMAND-x} != "" ]]; then
  bind -m emacs-standard -x '"\C-t": __segue_file_widget'
  bind -m vi-command -x '"\C-t": __segue_file_widget'
  bind -m vi-insert -x '"\C-t": __segue_file_widget'
fi

if [[ ${SEGUE_CTRL_R_COMMAND-x} != "" ]]; then
  bind -m emacs-standard -x '"\C-r": __segue_history_widget'
  bind -m vi-command -x '"\C-r": __segue_history_widget'
  bind -m vi-insert -x '"\C-r": __segue_history_widget'
fi

# ALT-C types `__segue_cd` in backquotes over an empty line, expands it (running it) into the cd
# command and runs that, then brings back what was on the line (fzf's way: a widget run by
# `bind -x` could cd, but the prompt would still name the old folder).
if [[ ${SEGUE_ALT_C_COMMAND-x} != "" ]]; then
  bind -m emacs-standard '"\ec": " \C-b\C-k \C-u`__segue_cd`\e\C-e\C-\e(\C-m\C-y\C-h\e \C-y\ey\C-x\C-x\C-d\C-y\ey\C-_"'
  bind -m vi-command '"\ec": "\C-z\ec\C-z"'
  bind -m vi-insert '"\ec": "\C-z\ec\C-z"'
  bind -m vi-command '"\C-z": emacs-editing-mode'
  bind -m vi-insert '"\C-z": emacs-editing-mode'
  bind -m emacs-standard '"\C-z": vi-editing-mode'
fi

# **<Tab> ---------------------------------------------------------------------------------------

# The folder part of what was typed before the trigger (the walker's root) and the rest (the
# query): "src/ma" is root "src", query "ma"; "ma" is root ".", query "ma".
__segue_split_path() {
  local base=$1 dir
  dir=$base
  while [[ -n $dir && ! -d $dir ]]; do
    [[ $dir == */* ]] && dir=${dir%/*} || dir=""
  done
  [[ -z $dir && $base == /* ]] && dir=/
  __segue_root=${dir:-.}
  __segue_query=${base#"$dir"}
  __segue_query=${__segue_query#/}
}

__segue_complete_items() {
  local command=$1 base=$2
  local SEGUE_DEFAULT_OPTS
  SEGUE_DEFAULT_OPTS=$(__segue_options "--multi" "${SEGUE_COMPLETION_OPTS-}")
  export SEGUE_DEFAULT_OPTS
  case $command in
    kill)
      command ps -eo user,pid,ppid,start,time,command | segue --header-lines 1 --accept-nth 2 --query "$base" --print0 ;;
    ssh | scp | sftp | telnet)
      __segue_hosts | segue --query "$base" --print0 ;;
    export | unset | unalias | printenv)
      compgen -v | segue --query "$base" --print0 ;;
    *)
      # Folders only after cd, pushd and rmdir.
      local kinds=file,dir,follow,hidden
      [[ $command == cd || $command == pushd || $command == rmdir ]] && kinds=dir,follow,hidden
      __segue_split_path "$base"
      if [[ $__segue_root == . && $base != ./* ]]; then
        segue --walker "$kinds" --query "$__segue_query" --print0
      else
        segue --walker "$kinds" --walker-root "$__segue_root" --query "$__segue_query" --print0
      fi ;;
  esac
}

# Host names from ssh's config, known hosts and /etc/hosts, once each.
__segue_hosts() {
  {
    command cat ~/.ssh/config /etc/ssh/ssh_config 2> /dev/null | command awk 'tolower($1) == "host" { for (i = 2; i <= NF; i++) if ($i !~ /[*?]/) print $i }'
    command awk '!/^[#|@]/ { split($1, names, ","); for (i in names) { sub(/^\[/, "", names[i]); sub(/\]:.*/, "", names[i]); print names[i] } }' ~/.ssh/known_hosts 2> /dev/null
    command awk '!/^#/ { for (i = 2; i <= NF; i++) print $i }' /etc/hosts 2> /dev/null
  } | command awk 'NF && !seen[$0]++'
}

declare -A __segue_previous_completion 2> /dev/null

__segue_complete() {
  local trigger=${SEGUE_COMPLETION_TRIGGER-'**'} cur=${COMP_WORDS[COMP_CWORD]} command=${COMP_WORDS[0]}
  if [[ -n $trigger && $cur == *"$trigger" ]]; then
    local base=${cur%"$trigger"} selected="" item
    while IFS= read -r -d '' item; do
      case $command in
        kill | ssh | scp | sftp | telnet | export | unset | unalias | printenv) selected+="$item " ;;
        *) selected+=$(builtin printf '%q' "$item")' ' ;;
      esac
    done < <(__segue_complete_items "$command" "$base")
    # The picker drew over the line: the terminal's answer to this makes readline redraw it.
    builtin printf '\e[5n' > /dev/tty
    if [[ -n $selected ]]; then
      compopt -o nospace 2> /dev/null
      COMPREPLY=("$selected")
    else
      COMPREPLY=("$cur")
    fi
    return 0
  fi
  local previous=${__segue_previous_completion[$command]-}
  if [[ -n $previous ]] && declare -F "$previous" > /dev/null; then
    "$previous" "$@"
  else
    compopt -o default -o bashdefault 2> /dev/null
    COMPREPLY=()
  fi
}

# Commands given the completion: these, and every command without a completion of its own. A
# command's own completion function still answers when the trigger is not typed.
if [[ ${SEGUE_COMPLETION_TRIGGER-x} != "" ]]; then
  for __segue_command in awk bat cat cd code cp diff du emacs file find git grep head less ln ls \
    more mv nano nvim patch perl pushd python python3 rm rmdir rsync sed sort source tail tar tee \
    vi view vim wc xdg-open kill ssh scp sftp telnet export unset unalias printenv; do
    __segue_spec=$(complete -p "$__segue_command" 2> /dev/null)
    if [[ $__segue_spec == *" -F "* ]]; then
      __segue_previous=${__segue_spec#* -F }
      __segue_previous_completion[$__segue_command]=${__segue_previous%% *}
    fi
    complete -F __segue_complete -o default -o bashdefault "$__segue_command"
  done
  complete -p -D > /dev/null 2>&1 || complete -D -F __segue_complete -o default -o bashdefault
  unset __segue_command __segue_spec __segue_previous
fi

fi
