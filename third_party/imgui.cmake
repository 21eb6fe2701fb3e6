# Debian's libimgui.a (1.86) already contains the SDL2 and OpenGL3 backends; its font
# rasteriser needs stb_truetype/rectpack from libstb.
if(NOT TARGET lieride_imgui)
  find_package(PkgConfig REQUIRED)
  pkg_check_modules(SDL2 REQUIRED IMPORTED_TARGET sdl2)
  find_library(IMGUI_LIBRARY imgui REQUIRED)
  find_library(STB_LIBRARY stb REQUIRED)
  add_library(lieride_imgui INTERFACE)
  target_include_directories(lieride_imgui SYSTEM INTERFACE /usr/include/imgui /usr/include/stb)
  target_link_libraries(lieride_imgui INTERFACE ${IMGUI_LIBRARY} ${STB_LIBRARY} PkgConfig::SDL2 ${CMAKE_DL_LIBS})
endif()
