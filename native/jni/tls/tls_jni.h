// The TLS engine's registration, called from libcarbide-ssl.so's own JNI_OnLoad (tls_onload.cc)
// rather than from the core table in onload.cc: libcarbide.so never links libssl.
#pragma once

#include <jni.h>

namespace carbide::jni {

bool RegisterTlsNatives(JNIEnv* env);
// Credentials and session resumption (tls_sessions_jni.cc).
bool RegisterTlsSessionNatives(JNIEnv* env);

}  // namespace carbide::jni
