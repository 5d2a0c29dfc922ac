package dev.dsh.schema;

import com.github.victools.jsonschema.generator.MemberScope;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;

/**
 * Orders properties as they are declared: record components in their (guaranteed) order, class
 * fields superclass first, each class in the order reflection reports (source order on HotSpot).
 * Victools' default sorts alphabetically, which would not match the class a reader has open.
 */
final class DeclarationOrder {

  static final Comparator<MemberScope<?, ?>> COMPARATOR =
      Comparator.comparingInt(DeclarationOrder::indexOf);

  private DeclarationOrder() {}

  private static int indexOf(MemberScope<?, ?> member) {
    Class<?> owner = member.getDeclaringType().getErasedType();
    String name = member.getDeclaredName();
    if (owner.isRecord()) {
      RecordComponent[] components = owner.getRecordComponents();
      for (int i = 0; i < components.length; i++) {
        if (components[i].getName().equals(name)) {
          return i;
        }
      }
      return Integer.MAX_VALUE;
    }
    Deque<Class<?>> chain = new ArrayDeque<>();
    for (Class<?> c = owner; c != null && c != Object.class; c = c.getSuperclass()) {
      chain.push(c);
    }
    int index = 0;
    for (Class<?> c : chain) {
      for (Field field : c.getDeclaredFields()) {
        if (Modifier.isStatic(field.getModifiers())) {
          continue;
        }
        if (field.getName().equals(name)) {
          return index;
        }
        index++;
      }
    }
    return Integer.MAX_VALUE;
  }
}
