/* Classes: layouts with the same piece counts (SPEC.md).  Steps never change the class.
 * class_id numbers the 203 classes in ascending (jiang, bing, style) order. */
#ifndef KLOTSKI_CORE_CLASSES_H
#define KLOTSKI_CORE_CLASSES_H

#include <stdbool.h>

#include "core/code.h"

#define KL_CLASS_COUNT 203
#define KL_CLASS_NAME_SIZE 16

struct kl_class {
    int jiang; /* horizontal + vertical pieces */
    int bing;  /* 1x1 pieces */
    int style; /* horizontal pieces */
};

/* The class of a legal code, read straight off its bits. */
struct kl_class kl_class_of_code(kl_code code);

/* Returns the class_id (0..202) of `c`, or -1 when no legal layout has those counts. */
int kl_class_id(struct kl_class c);

/* The class numbered `class_id` (0..202). */
struct kl_class kl_class_from_id(int class_id);

/* Writes the name "jiang-bing-style" (e.g. "5-4-1") into buf. */
void kl_class_name(struct kl_class c, char buf[KL_CLASS_NAME_SIZE]);

/* Parses a class name "J-B-S".  Returns true and stores the class when the text names
 * one of the 203 classes; false otherwise. */
bool kl_class_parse(const char *text, struct kl_class *out);

#endif
