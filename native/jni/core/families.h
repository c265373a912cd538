// One registration function per algorithm family, each defined beside that family's natives, and
// the core's own (NativeCore, MessageSessionNative). Adding a family means adding it here and to
// the table in onload.cc.
#pragma once

#include <jni.h>

namespace carbide::jni {

bool RegisterCoreNatives(JNIEnv* env);
bool RegisterSessionNatives(JNIEnv* env);
bool RegisterDigestNatives(JNIEnv* env);
bool RegisterMacNatives(JNIEnv* env);
bool RegisterRandomNatives(JNIEnv* env);
bool RegisterKdfNatives(JNIEnv* env);
bool RegisterCipherNatives(JNIEnv* env);
bool RegisterPbkdf2Natives(JNIEnv* env);  // part of the cipher family's registration
bool RegisterPkeyNatives(JNIEnv* env);
bool RegisterEcNatives(JNIEnv* env);
bool RegisterPqcNatives(JNIEnv* env);
bool RegisterRsaNatives(JNIEnv* env);
bool RegisterDhNatives(JNIEnv* env);
bool RegisterDsaNatives(JNIEnv* env);
bool RegisterFloorNatives(JNIEnv* env);  // part of the core's registration (floor_jni.cc)

}  // namespace carbide::jni
