// What a build of the jsonkit command records about itself. SwiftPM runs no script at build
// time, so Scripts/build-cli (and Scripts/package through it) passes both as C string macros:
//   -Xcc -DJSONKIT_DESCRIBE='"0.4.0-12-gabc1234"' -Xcc -DJSONKIT_BUILD_CONFIGURATION='"…"'
// A plain `swift build` defines neither: both are then empty, and `jsonkit --version` says
// that it does not know its commit.
#include "CSystemShims.h"

#ifndef JSONKIT_DESCRIBE
#define JSONKIT_DESCRIBE ""
#endif
#ifndef JSONKIT_BUILD_CONFIGURATION
#define JSONKIT_BUILD_CONFIGURATION ""
#endif

const char *csystemshims_describe(void) { return JSONKIT_DESCRIBE; }

const char *csystemshims_build_configuration(void) { return JSONKIT_BUILD_CONFIGURATION; }
