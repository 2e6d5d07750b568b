#pragma once
// Stub: FreeRTOS tasks, the calls the sketch makes (ESP-IDF's signatures).
#include "FreeRTOS.h"

typedef void (*TaskFunction_t)(void*);
typedef struct tskTaskControlBlock* TaskHandle_t;

BaseType_t xTaskCreatePinnedToCore(TaskFunction_t pxTaskCode, const char* const pcName,
                                   const uint32_t usStackDepth, void* const pvParameters,
                                   UBaseType_t uxPriority, TaskHandle_t* const pvCreatedTask,
                                   const BaseType_t xCoreID);
void vTaskDelay(const TickType_t xTicksToDelay);
void vTaskDelete(TaskHandle_t xTaskToDelete);
