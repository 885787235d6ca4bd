// The example document of draft-fielding-uri-url-00 Appendix D: its BASE
// makes "../x" http://www.ics.uci.edu/Test/a/x.
#pragma once

#include <string>

namespace urlkit_test {

inline const std::string appendix_d =
    "<!doctype html public \"-//IETF//DTD HTML//EN\">\n"
    "<HTML><HEAD>\n"
    "<TITLE>An example HTML document</TITLE>\n"
    "<BASE href=\"http://www.ics.uci.edu/Test/a/b/c\">\n"
    "</HEAD><BODY>\n"
    "... <A href=\"../x\">a hypertext anchor</A> ...\n"
    "</BODY></HTML>\n";

}  // namespace urlkit_test
