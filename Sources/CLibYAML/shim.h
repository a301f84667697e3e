// libyaml's parser (Debian's libyaml-dev), read event by event by SegueYAML.
#include <yaml.h>
