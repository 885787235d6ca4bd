# The playground page (web/playground, docs/web.md): static files copied next
# to the web script, so that build/wasm/playground/ opens as it is, from
# file:// or any static host; and its test in headless Chromium (test/web).
# Included by cmake/urlkit_wasm.cmake, in the wasm build only; it uses that
# file's URLKIT_WASM_WEB (the web script's folder) and URLKIT_NODE.
set(URLKIT_PLAYGROUND ${PROJECT_BINARY_DIR}/playground)
set(urlkit_playground_src ${PROJECT_SOURCE_DIR}/web/playground)
set(urlkit_playground_files index.html playground.js playground.css)
set(urlkit_playground_inputs "")
set(urlkit_playground_outputs ${URLKIT_PLAYGROUND}/urlkit.js)
foreach(file ${urlkit_playground_files})
  list(APPEND urlkit_playground_inputs ${urlkit_playground_src}/${file})
  list(APPEND urlkit_playground_outputs ${URLKIT_PLAYGROUND}/${file})
endforeach()
add_custom_command(
  OUTPUT ${urlkit_playground_outputs}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${URLKIT_PLAYGROUND}
  COMMAND ${CMAKE_COMMAND} -E copy ${urlkit_playground_inputs} ${URLKIT_WASM_WEB}/urlkit.js ${URLKIT_PLAYGROUND}
  DEPENDS ${urlkit_playground_inputs} ${URLKIT_WASM_WEB}/urlkit.js
  COMMENT "urlkit playground: ${URLKIT_PLAYGROUND}"
  VERBATIM)
add_custom_target(urlkit_playground ALL DEPENDS ${urlkit_playground_outputs})

# The page driven in Debian's Chromium by playwright-core (test/web's
# package-lock.json; `npm ci --prefix test/web`).  A missing browser or
# driver fails the test with what is missing; it never passes silently.
add_test(NAME web/playground
         COMMAND ${URLKIT_NODE} --test ${PROJECT_SOURCE_DIR}/test/web/playground.test.mjs)
set_tests_properties(web/playground PROPERTIES
  TIMEOUT 300
  ENVIRONMENT "URLKIT_PLAYGROUND_DIR=${URLKIT_PLAYGROUND};URLKIT_ARTEFACTS_DIR=${PROJECT_BINARY_DIR}/artefacts")
