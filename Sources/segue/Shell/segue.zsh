# Segue's key bindings and **<Tab> completion for zsh, printed by `segue --zsh`.
# Set up with this line in ~/.zshrc:   source <(segue --zsh)
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

if [[ -o interactive ]]; then

# The options a widget runs segue with: the widget's own, then SEGUE_DEFAULT_OPTS, then the
# user's for this widget, so that later ones win; segue reads them from SEGUE_DEFAULT_OPTS.
__segue_options() {
  builtin printf '%s' "--height 40% $1 ${SEGUE_DEFAULT_OPTS-} $2"
}

__segue_state() {
  builtin printf '%s' "${XDG_STATE_HOME:-$HOME/.local/state}/segue/$1"
}

# The paths to pick from, NUL-ended: $1 the custom command (lines), $2 the walker's kinds, $3
# its root; the options follow.
__segue_pick_paths() {
  local command=$1 kinds=$2 root=$3
  shift 3
  if [[ -n $command ]]; then
    eval "$command" | segue --print0 "$@"
  else
    segue --walker "$kinds" --walker-root "$root" --print0 "$@" < /dev/tty
  fi
}

__segue_preview='if [ -d {} ]; then ls -Ap {}; elif [ -f {} ]; then head -n 200 {}; else ls -l {}; fi'

# Each widget starts with `emulate -L zsh`: zsh's own options for its run, whatever the user set
# (ksh_arrays, sh_word_split…).

# CTRL-T
segue-file-widget() {
  emulate -L zsh
  setopt pipefail no_aliases 2> /dev/null
  local item selected=""
  for item in "${(@0)$(SEGUE_DEFAULT_OPTS=$(__segue_options "--multi --prompt 'file> ' --preview '$__segue_preview'" "${SEGUE_CTRL_T_OPTS-}") \
      __segue_pick_paths "${SEGUE_CTRL_T_COMMAND-}" file,dir,follow,hidden .)}"; do
    [[ -n $item ]] && selected+="${(q)item} "
  done
  LBUFFER+=$selected
  zle reset-prompt
}

# The history as "time<TAB>command" items, NUL-ended, newest first, each command once (its
# newest), multi-line commands whole; the time (dim) where the history keeps it
# (EXTENDED_HISTORY, or commands of this session).
__segue_history_items() {
  zmodload -F zsh/parameter p:history 2> /dev/null
  local -A when
  local line
  for line in "${(@f)$(builtin fc -lt $'\x1e%F %T\x1f' 1 2> /dev/null)}"; do
    [[ $line == (#b)[[:space:]]#([0-9]##)[*[:space:]]##$'\x1e'([^$'\x1f']#)$'\x1f'* ]] && when[$match[1]]=$match[2]
  done
  local -A seen
  local number command
  for number in ${(Onk)history}; do
    command=$history[$number]
    [[ -z ${command//[[:space:]]/} || -n ${seen[$command]-} ]] && continue
    seen[$command]=1
    if [[ -n ${when[$number]-} ]]; then
      builtin printf '\e[2m%s\e[0m\t%s\0' "$when[$number]" "$command"
    else
      builtin printf '\t%s\0' "$command"
    fi
  done
}

# CTRL-R
segue-history-widget() {
  emulate -L zsh
  setopt extendedglob no_aliases 2> /dev/null
  local output
  output=$(__segue_history_items |
    SEGUE_DEFAULT_OPTS=$(__segue_options "--read0 --ansi --delimiter '\t' --nth 2.. --prompt 'history> '" "${SEGUE_CTRL_R_OPTS-}") \
      segue --query "$LBUFFER")
  if [[ -n $output ]]; then
    BUFFER=${output#*$'\t'}
    CURSOR=${#BUFFER}
  fi
  zle reset-prompt
}

# ALT-C
segue-cd-widget() {
  emulate -L zsh
  setopt pipefail no_aliases 2> /dev/null
  local dir
  dir=$(SEGUE_DEFAULT_OPTS=$(__segue_options "--prompt 'cd> ' --frecency '$(__segue_state alt-c.json)' --preview 'ls -Ap {}'" "${SEGUE_ALT_C_OPTS-}") \
    __segue_pick_paths "${SEGUE_ALT_C_COMMAND-}" dir,follow,hidden . | command tr -d '\0')
  if [[ -z $dir ]]; then
    zle redisplay
    return 0
  fi
  dir=$(builtin cd -q -- "$dir" > /dev/null && builtin pwd || builtin printf '%s' "$dir")
  # The line is kept for the next prompt; the cd is run as a command, so the prompt follows it.
  zle push-line
  BUFFER="builtin cd -- ${(q)dir}"
  zle accept-line
  zle reset-prompt
}

if [[ ${SEGUE_CTRL_T_COMMAND-x} != "" ]]; then
  zle -N segue-file-widget
  bindkey -M emacs '^T' segue-file-widget
  bindkey -M vicmd '^T' segue-file-widget
  bindkey -M viins '^T' segue-file-widget
fi

if [[ ${SEGUE_CTRL_R_COMMAND-x} != "" ]]; then
  zle -N segue-history-widget
  bindkey -M emacs '^R' segue-history-widget
  bindkey -M vicmd '^R' segue-history-widget
  bindkey -M viins '^R' segue-history-widget
fi

if [[ ${SEGUE_ALT_C_COMMAND-x} != "" ]]; then
  zle -N segue-cd-widget
  bindkey -M emacs '\ec' segue-cd-widget
  bindkey -M vicmd '\ec' segue-cd-widget
  bindkey -M viins '\ec' segue-cd-widget
fi

# **<Tab> ---------------------------------------------------------------------------------------

# Host names from ssh's config, known hosts and /etc/hosts, once each.
__segue_hosts() {
  {
    command cat ~/.ssh/config /etc/ssh/ssh_config 2> /dev/null | command awk 'tolower($1) == "host" { for (i = 2; i <= NF; i++) if ($i !~ /[*?]/) print $i }'
    command awk '!/^[#|@]/ { split($1, names, ","); for (i in names) { sub(/^\[/, "", names[i]); sub(/\]:.*/, "", names[i]); print names[i] } }' ~/.ssh/known_hosts 2> /dev/null
    command awk '!/^#/ { for (i = 2; i <= NF; i++) print $i }' /etc/hosts 2> /dev/null
  } | command awk 'NF && !seen[$0]++'
}

# What to put in place of the word before the trigger: $1 the command, $2 that word.
__segue_complete_items() {
  local command=$1 base=$2
  local SEGUE_DEFAULT_OPTS=$(__segue_options "--multi" "${SEGUE_COMPLETION_OPTS-}")
  export SEGUE_DEFAULT_OPTS
  case $command in
    kill)
      command ps -eo user,pid,ppid,start,time,command | segue --header-lines 1 --accept-nth 2 --query "$base" --print0 ;;
    ssh | scp | sftp | telnet)
      __segue_hosts | segue --query "$base" --print0 ;;
    export | unset | unalias | printenv)
      builtin print -rl -- ${(k)parameters} | segue --query "$base" --print0 ;;
    *)
      # The folder part of the word is the walker's root, the rest the query.
      local dir=$base
      while [[ -n $dir && ! -d $dir ]]; do
        [[ $dir == */* ]] && dir=${dir%/*} || dir=""
      done
      [[ -z $dir && $base == /* ]] && dir=/
      local query=${${base#"$dir"}#/}
      # Folders only after cd, pushd and rmdir.
      local kinds=file,dir,follow,hidden
      [[ $command == (cd|pushd|rmdir) ]] && kinds=dir,follow,hidden
      if [[ -z $dir && $base != ./* ]]; then
        segue --walker $kinds --query "$query" --print0 < /dev/tty
      else
        segue --walker $kinds --walker-root "${dir:-.}" --query "$query" --print0 < /dev/tty
      fi ;;
  esac
}

segue-completion() {
  emulate -L zsh
  setopt no_aliases 2> /dev/null
  local trigger=${SEGUE_COMPLETION_TRIGGER-'**'}
  local -a words
  words=(${(z)LBUFFER})
  if [[ -n $trigger && $LBUFFER == *"$trigger" && ${#words} -ge 1 ]]; then
    local word=""
    [[ $LBUFFER != *[[:space:]]"$trigger" ]] && word=${words[-1]}
    [[ -z $word ]] && word=$trigger
    local command=${words[1]}
    [[ $word == "$LBUFFER" ]] && command=""
    local base=${word%"$trigger"} item selected=""
    for item in "${(@0)$(__segue_complete_items "$command" "$base")}"; do
      [[ -z $item ]] && continue
      case $command in
        kill | ssh | scp | sftp | telnet | export | unset | unalias | printenv) selected+="$item " ;;
        *) selected+="${(q)item} " ;;
      esac
    done
    [[ -n $selected ]] && LBUFFER="${LBUFFER%"$word"}$selected"
    zle reset-prompt
  else
    zle ${__segue_default_completion:-expand-or-complete}
  fi
}

if [[ ${SEGUE_COMPLETION_TRIGGER-x} != "" ]]; then
  # Tab's own widget answers whenever the trigger is not typed.
  __segue_default_completion=${${(s: :)$(bindkey '^I')}[2]}
  [[ -z $__segue_default_completion || $__segue_default_completion == segue-completion ]] && __segue_default_completion=expand-or-complete
  zle -N segue-completion
  bindkey -M emacs '^I' segue-completion
  bindkey -M viins '^I' segue-completion
fi

fi
