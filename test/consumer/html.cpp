// Uses the installed urlkit::html through its public header only: the
// example document of draft-fielding-uri-url-00 Appendix D, absolutized.
#include <cstdio>
#include <string>

#include <urlkit/html.hpp>

int main() {
  const std::string doc =
      "<HTML><HEAD><BASE href=\"http://www.ics.uci.edu/Test/a/b/c\"></HEAD>"
      "<BODY><A href=\"../x\">a hypertext anchor</A></BODY></HTML>";
  const auto r = urlkit::html::absolutize(doc, urlkit::established_base{}).value();
  const bool ok = r.html.find("href=\"http://www.ics.uci.edu/Test/a/x\"") != std::string::npos;
  std::printf("urlkit_html_consumer: %s\n", ok ? "ok (Appendix D: ../x)" : "FAILED");
  return ok ? 0 : 1;
}
