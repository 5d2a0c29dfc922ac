package dev.dsh.spring.ai;

import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A small Spring Boot application as a user writes one: auto-configuration on, so {@link
 * DshAutoConfiguration} comes in through its {@code AutoConfiguration.imports} entry, no web
 * server.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
class DshApp {

  /** Runs the application with {@code properties} ({@code name=value}) and {@code beans}. */
  static ConfigurableApplicationContext run(List<String> properties, Class<?>... beans) {
    List<Class<?>> sources = new ArrayList<>(List.of(DshApp.class));
    sources.addAll(List.of(beans));
    return new SpringApplicationBuilder(sources.toArray(Class<?>[]::new))
        .web(WebApplicationType.NONE)
        .bannerMode(Banner.Mode.OFF)
        .registerShutdownHook(false)
        .properties(properties.toArray(String[]::new))
        .run();
  }
}
