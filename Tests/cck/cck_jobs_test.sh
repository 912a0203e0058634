#!/usr/bin/env bash
# The Cucumber Compatibility Kit (scripts/cck --jobs 4): a parallel run must write the stream a serial one
# writes, so each sample must match as in Tests/cck/not_yet_matching.txt (see expectations.sh).
source "$(dirname "${BASH_SOURCE[0]}")/expectations.sh"
check_kit jobs
