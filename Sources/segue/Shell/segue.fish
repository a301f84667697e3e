# Segue's key bindings and **<Tab> completion for fish (3.4 or newer), printed by `segue --fish`.
# Set up with this line in ~/.config/fish/config.fish:   segue --fish | source
#
#   CTRL-T   files and folders under the current folder, put at the cursor (Tab marks several)
#   CTRL-R   the history, newest first; the chosen command is put on the line to edit
#   ALT-C    a folder under the current one to cd into; folders chosen before come first
#   **<Tab>  paths after any command, hosts after ssh/scp, pids after kill, variables after
#            set/set -e (vim src/**<Tab>)
#
# SEGUE_CTRL_T_COMMAND, SEGUE_ALT_C_COMMAND: a command listing what to pick (the file walker by
# default); set to an empty value, the binding is not made. SEGUE_CTRL_R_COMMAND= empty leaves
# CTRL-R alone. SEGUE_CTRL_T_OPTS, SEGUE_CTRL_R_OPTS, SEGUE_ALT_C_OPTS, SEGUE_COMPLETION_OPTS:
# options for each, after SEGUE_DEFAULT_OPTS (so they win). SEGUE_COMPLETION_TRIGGER: '**' by
# default; empty, no completion is set up. See docs/shell.md.

# The options a widget runs segue with: the widget's own, then SEGUE_DEFAULT_OPTS, then the
# user's for this widget, so that later ones win; segue reads them from SEGUE_DEFAULT_OPTS.
function __segue_options
    string join ' ' -- '--height 40%' $argv[1] "$SEGUE_DEFAULT_OPTS" $argv[2]
end

function __segue_state
    set -l state $XDG_STATE_HOME
    test -n "$state"; or set state $HOME/.local/state
    printf '%s' $state/segue/$argv[1]
end

# The paths to pick from, NUL-ended: $argv[1] the custom command (lines), $argv[2] the walker's
# kinds, $argv[3] its root; the options follow.
function __segue_pick_paths
    if test -n "$argv[1]"
        eval $argv[1] | segue --print0 $argv[4..-1]
    else
        segue --walker $argv[2] --walker-root $argv[3] --print0 $argv[4..-1]
    end
end

set -g __segue_preview 'if [ -d {} ]; then ls -Ap {}; elif [ -f {} ]; then head -n 200 {}; else ls -l {}; fi'

# CTRL-T
function segue-file-widget -d 'Pick files and folders with segue'
    set -lx SEGUE_DEFAULT_OPTS (__segue_options "--multi --prompt 'file> ' --preview '$__segue_preview'" "$SEGUE_CTRL_T_OPTS")
    set -l result (__segue_pick_paths "$SEGUE_CTRL_T_COMMAND" file,dir,follow,hidden . | string split0)
    and commandline -i -- (string join ' ' -- (string escape -- $result))' '
    commandline -f repaint
end

# CTRL-R: fish keeps each command once, newest first, with its time (shown dim).
function segue-history-widget -d 'Pick a command of the history with segue'
    set -l dim (printf '\e[2m')
    set -l plain (printf '\e[0m')
    set -lx SEGUE_DEFAULT_OPTS (__segue_options "--read0 --ansi --delimiter '\t' --nth 2.. --prompt 'history> '" "$SEGUE_CTRL_R_OPTS")
    test -z "$fish_private_mode"; and builtin history merge
    set -l result (builtin history --null --show-time="$dim%F %T$plain%t" | segue --print0 --query (commandline | string collect) | string split0)
    and commandline -r -- (string replace -r -- '^[^\t]*\t' '' $result[1])
    commandline -f repaint
end

# ALT-C
function segue-cd-widget -d 'Change to a folder picked with segue'
    set -lx SEGUE_DEFAULT_OPTS (__segue_options "--prompt 'cd> ' --frecency '"(__segue_state alt-c.json)"' --preview 'ls -Ap {}'" "$SEGUE_ALT_C_OPTS")
    set -l result (__segue_pick_paths "$SEGUE_ALT_C_COMMAND" dir,follow,hidden . | string split0)
    and test -n "$result[1]"
    and cd -- $result[1]
    commandline -f repaint
end

if not set -q SEGUE_CTRL_T_COMMAND; or test -n "$SEGUE_CTRL_T_COMMAND"
    bind \ct segue-file-widget
    bind -M insert \ct segue-file-widget
end

if not set -q SEGUE_CTRL_R_COMMAND; or test -n "$SEGUE_CTRL_R_COMMAND"
    bind \cr segue-history-widget
    bind -M insert \cr segue-history-widget
end

if not set -q SEGUE_ALT_C_COMMAND; or test -n "$SEGUE_ALT_C_COMMAND"
    bind \ec segue-cd-widget
    bind -M insert \ec segue-cd-widget
end

# **<Tab> ---------------------------------------------------------------------------------------

# Host names from ssh's config, known hosts and /etc/hosts, once each.
function __segue_hosts
    begin
        cat ~/.ssh/config /etc/ssh/ssh_config 2>/dev/null | awk 'tolower($1) == "host" { for (i = 2; i <= NF; i++) if ($i !~ /[*?]/) print $i }'
        awk '!/^[#|@]/ { split($1, names, ","); for (i in names) { sub(/^\[/, "", names[i]); sub(/\]:.*/, "", names[i]); print names[i] } }' ~/.ssh/known_hosts 2>/dev/null
        awk '!/^#/ { for (i = 2; i <= NF; i++) print $i }' /etc/hosts 2>/dev/null
    end | awk 'NF && !seen[$0]++'
end

# What to put in place of the word before the trigger: $argv[1] the command, $argv[2] that word.
function __segue_complete_items
    set -lx SEGUE_DEFAULT_OPTS (__segue_options --multi "$SEGUE_COMPLETION_OPTS")
    set -l base $argv[2]
    switch "$argv[1]"
        case kill
            ps -eo user,pid,ppid,start,time,command | segue --header-lines 1 --accept-nth 2 --query "$base" --print0
        case ssh scp sftp telnet
            __segue_hosts | segue --query "$base" --print0
        case set export unset printenv
            set --names | segue --query "$base" --print0
        case '*'
            # The folder part of the word is the walker's root, the rest the query.
            set -l dir $base
            while test -n "$dir"; and not test -d "$dir"
                if string match -q -- '*/*' $dir
                    set dir (string replace -r -- '/[^/]*$' '' $dir)
                else
                    set dir ''
                end
            end
            if test -z "$dir"; and string match -q -- '/*' $base
                set dir /
            end
            set -l query (string replace -- "$dir" '' $base | string replace -r -- '^/' '')
            # Folders only after cd, pushd and rmdir.
            set -l kinds file,dir,follow,hidden
            contains -- "$argv[1]" cd pushd rmdir; and set kinds dir,follow,hidden
            if test -z "$dir"; and not string match -q -- './*' $base
                segue --walker $kinds --query "$query" --print0
            else
                test -n "$dir"; or set dir .
                segue --walker $kinds --walker-root $dir --query "$query" --print0
            end
    end
end

function segue-completion -d 'Complete the word before ** with segue, else as Tab does'
    set -l trigger '**'
    set -q SEGUE_COMPLETION_TRIGGER; and set trigger $SEGUE_COMPLETION_TRIGGER
    set -l token (commandline -ct)
    set -l length (string length -- "$trigger")
    if test -z "$trigger"; or test (string sub -s -$length -- "$token") != "$trigger"
        commandline -f complete
        return
    end
    set -l command (commandline -opc)[1]
    set -l base (string sub -l (math (string length -- "$token") - $length) -- "$token")
    set -l result (__segue_complete_items "$command" "$base" | string split0)
    if test (count $result) -gt 0
        switch "$command"
            case kill ssh scp sftp telnet set export unset printenv
                commandline -rt -- (string join ' ' -- $result)' '
            case '*'
                commandline -rt -- (string join ' ' -- (string escape -- $result))' '
        end
    end
    commandline -f repaint
end

if not set -q SEGUE_COMPLETION_TRIGGER; or test -n "$SEGUE_COMPLETION_TRIGGER"
    bind \t segue-completion
    bind -M insert \t segue-completion
end
