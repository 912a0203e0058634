#!/usr/bin/env bash
# The Cucumber Compatibility Kit (scripts/cck) in serial runs, against Tests/cck/not_yet_matching.txt (see
# expectations.sh): a sample that differs must be listed, a listed one that matches must come off the list.
source "$(dirname "${BASH_SOURCE[0]}")/expectations.sh"
check_kit serial
