// urlkit CLI — every argument reaches the library as it was typed.
//
// CLI11 reads some values as syntax of its own: a value of a list option (the
// URLs of `parse`, a repeated --header) written "[a,b]" is split into "a"
// and "b", so "[fe80::1]" became "fe80::1" and "[]" no value at all (later
// versions do the same to scalar options that take more than one value, and
// read "[[...]]" as an escape); a lone "++" ends a subcommand and is dropped;
// "--name=" is read as "--name" taking the next argument.  None of it has a
// setting that turns it off while a list still takes many arguments.  But a
// URL ends with "]" (an IPv6 host) or "=" (a query) often enough, and every
// one of these rules looks at the end of the text: so the arguments are
// protected before CLI11 reads them, and given back in every option's values.
//
// protect_arguments() appends one marker byte (0x1F) to each argument that
// ends with "]", "=" or the marker itself, or is "++": none of these is an
// option name or a command, so CLI11 still tells options, commands and values
// apart as before, and no value it sees ends with "]".  restore_arguments()
// makes every option that takes a value remove one trailing marker from each
// of its values; that gives back each value as typed, whether it was a whole
// argument, what follows "--name=", or what follows a short option ("-fFILE").
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}

namespace urlkit::cli {

/// argv[1] .. argv[argc - 1], protected, in the reverse order that
/// CLI::App::parse(std::vector<std::string>&) reads.
std::vector<std::string> protect_arguments(int argc, const char* const* argv);

/// Makes every option of `app` and of its commands, at any depth, that takes
/// a value give back the values protect_arguments() protected.  Called once
/// all options are added.
void restore_arguments(CLI::App& app);

/// A message of CLI11 (a usage error quoting arguments) without the markers.
std::string without_markers(std::string_view message);

}  // namespace urlkit::cli
