package dev.dsh.api.config;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The inclusive bounds of an integer field; the generated schema carries them as {@code minimum}
 * and {@code maximum}, so a value outside fails the scope with a violation naming the field.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD})
public @interface Range {
  /** The smallest value accepted. */
  int min();

  /** The largest value accepted. */
  int max();
}
