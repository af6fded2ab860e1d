# fish completion for zen: candidates come from `zen __complete WORDS...`.
function __zen_complete
	set -l words (commandline -opc)
	set -e words[1]
	zen __complete $words (commandline -ct) 2>/dev/null
end
complete -c zen -f -a '(__zen_complete)'
