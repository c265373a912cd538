// One registration function per algorithm family, each defined beside that family's natives.
// Adding a family means adding it here and to the table in onload.cc.
#pragma once

#include <jni.h>

namespace carbide::jni {

bool RegisterCoreNatives(JNIEnv* env);
bool RegisterDigestNatives(JNIEnv* env);
bool RegisterMacNatives(JNIEnv* env);
bool RegisterRandomNatives(JNIEnv* env);
bool RegisterKdfNatives(JNIEnv* env);
bool RegisterPkeyNatives(JNIEnv* env);
bool RegisterEcNatives(JNIEnv* env);

}  // namespace carbide::jni
