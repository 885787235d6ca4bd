# Doxygen's INPUT_FILTER (docs/Doxyfile.in): in /// comments, the RFCs'
# grammar names in angle brackets (<cwd>, <name>, <hsoname>, ...) are
# text, not HTML tags: escape them (\<cwd\>).  Template arguments (result<T>,
# std::hash<url_view>) follow a name and are left alone, as is code.
/^[[:space:]]*\/\/\//s/(^|[^[:alnum:]_:`])<([a-z][a-z0-9-]*)>/\1\\<\2\\>/g
