# glad 2 OpenGL 3.3 core loader, generated at configure time from Debian's python3-glad.
# --reproducible keeps glad from downloading the Khronos XML (no network on build machines).
set(LIERIDE_GLAD_DIR ${CMAKE_BINARY_DIR}/third_party/glad)
if(NOT EXISTS ${LIERIDE_GLAD_DIR}/src/gl.c)
  find_program(GLAD_EXECUTABLE glad REQUIRED)
  execute_process(
    COMMAND ${GLAD_EXECUTABLE} --api gl:core=3.3 --reproducible --quiet --out-path ${LIERIDE_GLAD_DIR} c
    RESULT_VARIABLE glad_result OUTPUT_QUIET ERROR_VARIABLE glad_err)
  if(NOT glad_result EQUAL 0 OR NOT EXISTS ${LIERIDE_GLAD_DIR}/src/gl.c)
    message(FATAL_ERROR "glad generation failed (${glad_result}): ${glad_err}")
  endif()
endif()
if(NOT TARGET lieride_glad)
  add_library(lieride_glad STATIC ${LIERIDE_GLAD_DIR}/src/gl.c)
  target_include_directories(lieride_glad SYSTEM PUBLIC ${LIERIDE_GLAD_DIR}/include)
  set_target_properties(lieride_glad PROPERTIES POSITION_INDEPENDENT_CODE ON)
endif()
